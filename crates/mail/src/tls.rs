//! The TLS client configuration shared by IMAP and SMTP: rustls with the ring provider only (a
//! second provider makes rustls panic when it has to choose), the Mozilla roots, plus an optional
//! extra certificate file for a private server.

use crate::MailError;
use rustls_pki_types::CertificateDer;
use rustls_pki_types::pem::PemObject;
use std::path::Path;
use std::sync::Arc;
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore};

/// The certificates of a PEM file.
pub fn certificates(path: &Path) -> Result<Vec<CertificateDer<'static>>, MailError> {
    let certs = CertificateDer::pem_file_iter(path)
        .and_then(|it| it.collect::<Result<Vec<_>, _>>())
        .map_err(|e| MailError::Config(format!("certificate file {}: {e}", path.display())))?;
    if certs.is_empty() {
        return Err(MailError::Config(format!(
            "certificate file {}: no certificate in it",
            path.display()
        )));
    }
    Ok(certs)
}

/// A client configuration trusting the web's roots and the certificates in `extra`.
pub fn client_config(extra: Option<&Path>) -> Result<Arc<ClientConfig>, MailError> {
    let mut roots = RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(path) = extra {
        for cert in certificates(path)? {
            roots
                .add(cert)
                .map_err(|e| MailError::Config(format!("certificate {}: {e}", path.display())))?;
        }
    }
    let config =
        ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .map_err(|e| MailError::Config(format!("TLS: {e}")))?
            .with_root_certificates(roots)
            .with_no_client_auth();
    Ok(Arc::new(config))
}
