// Agora's one script. Everything on the site works without it; it adds two things:
//  1. every <time datetime> is shown in the reader's own time zone;
//  2. on a game's page, the replay controls step through the positions without loading the page
//     again: the buttons, a click on an action, and the keys ArrowLeft, ArrowRight, Home and End;
//     the list of actions keeps the current one in view, and the position in words follows the
//     board (it is the picture's title).
//     The board is fetched from /games/ID/board.svg?ply=N (once per position) and the address
//     follows as /games/ID?ply=N, so any position can be linked to.
"use strict";

(function () {
  var lang = document.documentElement.lang || undefined;

  function localTimes() {
    var format;
    try {
      format = new Intl.DateTimeFormat(lang, {
        dateStyle: "medium",
        timeStyle: "short",
        timeZoneName: "short"
      });
    } catch (e) {
      return;
    }
    var times = document.querySelectorAll("time[datetime]");
    for (var i = 0; i < times.length; i++) {
      var when = new Date(times[i].getAttribute("datetime"));
      if (!isNaN(when.getTime())) {
        times[i].textContent = format.format(when);
      }
    }
  }

  function replay(main) {
    var game = main.getAttribute("data-game");
    var plies = parseInt(main.getAttribute("data-plies"), 10);
    var ply = parseInt(main.getAttribute("data-ply"), 10);
    var board = document.getElementById("board");
    var words = document.getElementById("position-text");
    var box = document.getElementById("moves-box");
    var output = document.getElementById("ply");
    var moves = document.querySelectorAll("#moves a[data-ply]");
    var links = {
      first: document.getElementById("first"),
      prev: document.getElementById("prev"),
      next: document.getElementById("next"),
      last: document.getElementById("last")
    };
    var boards = {};
    var wanted = ply;

    function url(n) {
      return "/games/" + game + "?ply=" + n;
    }

    // Scrolls the list of actions, and only it, so that `a` is in view.
    function reveal(a) {
      if (!box) {
        return;
      }
      var r = a.getBoundingClientRect();
      var b = box.getBoundingClientRect();
      if (r.top < b.top) {
        box.scrollTop -= b.top - r.top;
      } else if (r.bottom > b.bottom) {
        box.scrollTop += r.bottom - b.bottom;
      }
    }

    function show(n, svg) {
      ply = n;
      board.innerHTML = svg;
      // The position in words is the picture's title.
      var title = board.querySelector("svg > title");
      if (words && title) {
        words.textContent = title.textContent;
      }
      main.setAttribute("data-ply", String(n));
      output.textContent = String(n);
      links.first.href = url(0);
      links.prev.href = url(Math.max(n - 1, 0));
      links.next.href = url(Math.min(n + 1, plies));
      links.last.href = url(plies);
      for (var i = 0; i < moves.length; i++) {
        var here = parseInt(moves[i].getAttribute("data-ply"), 10) === n;
        if (here) {
          moves[i].setAttribute("aria-current", "step");
          reveal(moves[i]);
        } else {
          moves[i].removeAttribute("aria-current");
        }
      }
      history.replaceState(null, "", url(n));
    }

    function go(n) {
      n = Math.max(0, Math.min(plies, n));
      wanted = n;
      if (boards[n] !== undefined) {
        show(n, boards[n]);
        return;
      }
      fetch("/games/" + game + "/board.svg?ply=" + n)
        .then(function (response) {
          if (!response.ok) {
            throw new Error("board " + n + ": " + response.status);
          }
          return response.text();
        })
        .then(function (svg) {
          boards[n] = svg;
          // Of several steps in flight, the last one asked for wins.
          if (wanted === n) {
            show(n, svg);
          }
        })
        .catch(function () {
          window.location.href = url(n);
        });
    }

    boards[ply] = board.innerHTML;
    for (var k = 0; k < moves.length; k++) {
      if (moves[k].hasAttribute("aria-current")) {
        reveal(moves[k]);
      }
    }
    links.first.addEventListener("click", function (e) { e.preventDefault(); go(0); });
    links.prev.addEventListener("click", function (e) { e.preventDefault(); go(wanted - 1); });
    links.next.addEventListener("click", function (e) { e.preventDefault(); go(wanted + 1); });
    links.last.addEventListener("click", function (e) { e.preventDefault(); go(plies); });
    for (var i = 0; i < moves.length; i++) {
      moves[i].addEventListener("click", function (e) {
        e.preventDefault();
        go(parseInt(this.getAttribute("data-ply"), 10));
      });
    }
    document.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) {
        return;
      }
      var target = e.target && e.target.tagName;
      if (target === "INPUT" || target === "TEXTAREA" || target === "SELECT") {
        return;
      }
      var to = { ArrowLeft: wanted - 1, ArrowRight: wanted + 1, Home: 0, End: plies }[e.key];
      if (to !== undefined) {
        e.preventDefault();
        go(to);
      }
    });
  }

  function start() {
    localTimes();
    var main = document.getElementById("game");
    if (main && main.hasAttribute("data-game") && document.getElementById("board")) {
      replay(main);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
