#!/usr/bin/env bash
# Starts or stops a throwaway mail system on 127.0.0.1 for Agora's mail tests and benchmark:
# dovecot (IMAP with STARTTLS, IMAPS, LMTP, submission with auth) and OpenSMTPD (plain SMTP that
# delivers the test domain to dovecot over LMTP). Every file, mailbox and log lives under <dir>.
#
#   tests/mail/servers.sh start <dir>   configure and start; writes <dir>/env to source
#   tests/mail/servers.sh stop <dir>    stop both servers (the directory is left for inspection)
#
# It installs nothing: the Debian packages dovecot-imapd, dovecot-lmtpd, dovecot-submissiond and
# opensmtpd must be present. It must run as root (dovecot switches to the `mail` user, OpenSMTPD
# to `_smtpd`). Ports start at AGORA_MAIL_PORT_BASE (default 24000):
#   +25 SMTP (OpenSMTPD, no auth)   +24 LMTP (dovecot, internal)
#   +587 submission (dovecot, auth, STARTTLS offered)   +465 submissions (implicit TLS, auth)
#   +143 IMAP (STARTTLS offered)    +993 IMAPS
# Mailboxes (password `secret`): agora, alice, bob, carol, dave at each lane's domain: example.test,
# example2.test, … (AGORA_MAIL_LANES of them, default 3, written to AGORA_TEST_MAIL_DOMAINS), so
# as many tests as there are lanes can play by mail at once; mail to any `user+tag@<domain>` lands
# in `user@<domain>`'s INBOX.
set -euo pipefail

cmd=${1:-}
dir=${2:-}
if [[ -z $cmd || -z $dir ]]; then
  echo "usage: $0 start|stop <dir>" >&2
  exit 2
fi

base=${AGORA_MAIL_PORT_BASE:-24000}
smtp_port=$((base + 25))
lmtp_port=$((base + 24))
submission_port=$((base + 587))
submissions_port=$((base + 465))
imap_port=$((base + 143))
imaps_port=$((base + 993))
users=(agora alice bob carol dave)
lanes=${AGORA_MAIL_LANES:-3}
domains=(example.test)
for ((i = 2; i <= lanes; i++)); do
  domains+=("example$i.test")
done

stop() {
  if [[ -f $dir/dovecot.conf ]]; then
    doveadm -c "$dir/dovecot.conf" stop >/dev/null 2>&1 || true
  fi
  if [[ -f $dir/smtpd.pid ]]; then
    start-stop-daemon --stop --quiet --pidfile "$dir/smtpd.pid" --retry 5 || true
    rm -f "$dir/smtpd.pid"
  fi
}

wait_port() {
  local port=$1 i
  for i in $(seq 1 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      return 0
    fi
    sleep 0.1
  done
  echo "port $port did not open; see $dir/*.log" >&2
  return 1
}

start() {
  for tool in dovecot doveadm smtpd openssl start-stop-daemon; do
    command -v "$tool" >/dev/null || {
      echo "missing $tool: apt-get install -y dovecot-imapd dovecot-lmtpd dovecot-submissiond opensmtpd" >&2
      exit 1
    }
  done
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  # The mail user must reach the mailboxes under it (mktemp -d makes it 0700).
  chmod 0755 "$dir"
  stop
  mkdir -p "$dir/run" "$dir/state" "$dir/mail"

  # A self-signed certificate for 127.0.0.1/localhost; webpki accepts it as its own trust anchor
  # only as an end-entity certificate (CA:FALSE) with a subjectAltName.
  if [[ ! -f $dir/cert.pem ]]; then
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=localhost \
      -keyout "$dir/key.pem" -out "$dir/cert.pem" \
      -addext "basicConstraints=critical,CA:FALSE" \
      -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" >/dev/null 2>&1
  fi

  : >"$dir/users"
  : >"$dir/virtual"
  for d in "${domains[@]}"; do
    for u in "${users[@]}"; do
      echo "$u@$d:{PLAIN}secret:8:8::$dir/mail/$d/$u" >>"$dir/users"
      mkdir -p "$dir/mail/$d/$u"
    done
    # Every address of the domain goes to dovecot, which strips `+tag` and refuses unknown users.
    echo "@$d mail" >>"$dir/virtual"
  done
  chown -R mail:mail "$dir/mail"
  chmod 0644 "$dir/users" "$dir/key.pem"

  cat >"$dir/dovecot.conf" <<EOF
base_dir = $dir/run
state_dir = $dir/state
log_path = $dir/dovecot.log
info_log_path = $dir/dovecot.log
protocols = imap lmtp submission
listen = 127.0.0.1
ssl = yes
ssl_cert = <$dir/cert.pem
ssl_key = <$dir/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 8
last_valid_uid = 8
mail_location = maildir:~/Maildir
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
hostname = localhost
postmaster_address = postmaster@example.test
submission_relay_host = 127.0.0.1
submission_relay_port = $smtp_port
submission_relay_trusted = yes
imap_idle_notify_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/users
}
userdb {
  driver = passwd-file
  args = username_format=%u $dir/users
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $imap_port
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $imaps_port
    ssl = yes
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $lmtp_port
  }
}
service submission-login {
  inet_listener submission {
    address = 127.0.0.1
    port = $submission_port
  }
  inet_listener submissions {
    address = 127.0.0.1
    port = $submissions_port
    ssl = yes
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
EOF

  # Addresses the relay refuses at RCPT (550), as a relay refuses a mailbox that is gone: a test
  # writes one here and runs `smtpctl update table refused`, then takes it out again. (OpenSMTPD
  # takes a table with no entry for no list of addresses: one that is never used stays in it.)
  echo "nobody@refused.invalid" >"$dir/refused"
  cat >"$dir/smtpd.conf" <<EOF
table virtuals file:$dir/virtual
table domains { $(printf '"%s", ' "${domains[@]}" | sed 's/, $//') }
table refused file:$dir/refused
listen on 127.0.0.1 port $smtp_port hostname localhost
action "lmtp" lmtp "127.0.0.1:$lmtp_port" rcpt-to virtual <virtuals>
match from any for domain <domains> rcpt-to <refused> reject
match from any for domain <domains> action "lmtp"
EOF
  chmod 0644 "$dir/smtpd.conf" "$dir/virtual" "$dir/refused"

  dovecot -c "$dir/dovecot.conf" </dev/null >"$dir/dovecot.out" 2>&1
  start-stop-daemon --start --background --make-pidfile --pidfile "$dir/smtpd.pid" \
    --output "$dir/smtpd.log" --exec "$(command -v smtpd)" -- -d -f "$dir/smtpd.conf"

  for port in "$imap_port" "$imaps_port" "$lmtp_port" "$submission_port" "$submissions_port" "$smtp_port"; do
    wait_port "$port"
  done

  cat >"$dir/env" <<EOF
export AGORA_TEST_MAIL_DIR=$dir
export AGORA_TEST_IMAP_PORT=$imap_port
export AGORA_TEST_IMAPS_PORT=$imaps_port
export AGORA_TEST_SMTP_PORT=$smtp_port
export AGORA_TEST_SUBMISSION_PORT=$submission_port
export AGORA_TEST_SUBMISSIONS_PORT=$submissions_port
export AGORA_TEST_CA=$dir/cert.pem
export AGORA_TEST_MAIL_DOMAINS="${domains[*]}"
EOF
  echo "mail servers up: IMAP $imap_port, IMAPS $imaps_port, SMTP $smtp_port, submission $submission_port, submissions $submissions_port"
  echo "run: source $dir/env"
}

case $cmd in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop <dir>" >&2
    exit 2
    ;;
esac
