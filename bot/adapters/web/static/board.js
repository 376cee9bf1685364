// The board page: the bot's own picture with its regions made clickable, the seat's legal moves
// as buttons, and live updates. Every move goes to the server, which plays it through the table
// service; nothing here decides what is legal.
"use strict";

(() => {
  let base = location.pathname.replace(/\/+$/, "");
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  let state = null;
  let heard = 0;  // the latest version a live event told of
  let chosen = "";      // the move waiting for Confirm
  let sending = false;
  let boardUrl = "";
  let past = 0;         // the log's move whose board is shown instead of the live one
  let give = [], get = [];  // the trade panel's offer, a count per good

  function say(words, refused) {
    const box = $("message");
    box.textContent = words || "";
    box.className = refused ? "refused" : "";
  }

  async function load() {
    const answer = await fetch(base + "/state", { cache: "no-store" });
    if (!answer.ok) {
      say(await answer.text(), true);
      return;
    }
    apply(await answer.json());
  }

  function apply(fresh) {
    const moved = !state || fresh.version !== state.version;
    state = fresh;
    if (moved && chosen && !state.moves.includes(chosen)) cancel();
    show();
  }

  function show() {
    document.title = `${state.title}, table ${state.table} · Isles`;
    $("title").textContent = state.title;
    const turn = $("turn");
    if (state.status !== "active") turn.textContent = state.status === "lobby" ? "Waiting for players" : "The game is over";
    else if (state.your_turn) turn.textContent = "Your turn";
    else turn.textContent = state.waiting.length ? `Waiting for ${state.waiting.join(", ")}` : "";
    turn.className = state.your_turn ? "mine" : "";
    $("text").textContent = state.text;
    const url = `${base}/board.png?v=${state.version}`;
    if (!state.picture) $("board-box").hidden = true;
    else if (url !== boardUrl && !chosen && !past) {
      boardUrl = url;
      $("board").src = url;
    }
    drawRegions();
    listMoves();
    const log = $("log");
    log.replaceChildren(...state.log.map((line) => {
      const item = document.createElement("li");
      item.textContent = line.replace(/^\d+\.\s*/, "");
      item.value = parseInt(line, 10) || 0;
      item.title = "The board just after this move";
      item.tabIndex = 0;
      if (item.value === past) item.classList.add("shown");
      item.addEventListener("click", () => showPast(item.value, item.textContent));
      return item;
    }));
    log.scrollTop = log.scrollHeight;
    $("typed").hidden = state.seat === null || state.status !== "active";
    $("typed-move").placeholder = state.moves.length ? `e.g. ${state.moves[0]}` : "";
    $("trade-open").hidden = !state.trade;
    if (!state.trade) $("trade").hidden = true;
    else if (!$("trade").hidden) showTrade();
  }

  function showPast(n, words) {
    // the board as it stood just after move n, replayed by the server in this page's own view
    if (!n || !state.picture) return;
    cancel();
    past = n;
    $("board").src = `${base}/after/${n}.png`;
    $("overlay").classList.add("off");
    $("past").hidden = false;
    $("past-words").textContent = `The board just after move ${n}: ${words}`;
    document.querySelectorAll("#log li").forEach((li) => li.classList.toggle("shown", li.value === n));
    $("live").focus();
  }

  function backToLive() {
    if (!past) return;
    past = 0;
    $("past").hidden = true;
    document.querySelectorAll("#log li.shown").forEach((li) => li.classList.remove("shown"));
    cancel();
  }

  // -- the trade panel: an offer built by counts, sent as the game's own offer move -----------
  function openTrade() {
    if (!state || !state.trade) return;
    const n = state.trade.goods.length;
    if (give.length !== n) { give = Array(n).fill(0); get = Array(n).fill(0); }
    $("trade").hidden = false;
    showTrade();
    const first = $("trade").querySelector("button:not([disabled])");
    if (first) first.focus();
  }

  function closeTrade() {
    $("trade").hidden = true;
  }

  function amounts(counts) {
    return state.trade.goods.map((good, i) => counts[i] ? `${counts[i]} ${good}` : "").filter(Boolean).join(" ");
  }

  function offerText() {
    const gives = amounts(give), gets = amounts(get);
    return gives && gets ? `offer ${gives} for ${gets}` : "";
  }

  function counter(counts, i, most, label) {
    const cell = document.createElement("td");
    const less = document.createElement("button");
    const more = document.createElement("button");
    const shown = document.createElement("span");
    less.type = more.type = "button";
    less.textContent = "−"; more.textContent = "+";
    less.setAttribute("aria-label", `${label} one ${state.trade.goods[i]} less`);
    more.setAttribute("aria-label", `${label} one ${state.trade.goods[i]} more`);
    less.dataset.good = more.dataset.good = state.trade.goods[i];
    less.dataset.side = more.dataset.side = label;
    less.dataset.step = "-1"; more.dataset.step = "1";
    less.disabled = counts[i] <= 0;
    more.disabled = counts[i] >= most;
    shown.className = "count";
    shown.textContent = String(counts[i]);
    less.addEventListener("click", () => { counts[i] -= 1; showTrade(); });
    more.addEventListener("click", () => {
      counts[i] += 1;
      const other = counts === give ? get : give;  // one good is either given or got, not both
      other[i] = 0;
      showTrade();
    });
    cell.append(less, shown, more);
    return cell;
  }

  function showTrade() {
    const trade = state.trade;
    const rows = trade.goods.map((good, i) => {
      const row = document.createElement("tr");
      const name = document.createElement("td");
      name.textContent = good;
      const have = document.createElement("td");
      have.textContent = String(trade.hand[i] ?? "");
      row.append(name, have, counter(give, i, trade.hand[i] ?? 9, "give"), counter(get, i, 9, "get"));
      return row;
    });
    $("trade-goods").tBodies[0].replaceChildren(...rows);
    const text = offerText();
    $("trade-words").textContent = !trade.can_offer ? "You cannot make an offer now."
      : text || "Choose what you give and what you get.";
    $("trade-send").disabled = !trade.can_offer || !text;
    const offers = $("trade-offers");
    offers.replaceChildren(...state.actions.map((action) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = action.label;
      button.dataset.move = action.move;
      if (action.style === "primary" || action.style === "success") button.classList.add("primary");
      button.addEventListener("click", () => send(action.move));
      return button;
    }));
    if (!state.actions.length) {
      const none = document.createElement("p");
      none.textContent = "No open offer you can answer.";
      offers.appendChild(none);
    }
  }

  $("trade-open").addEventListener("click", openTrade);
  $("trade-close").addEventListener("click", closeTrade);
  $("trade-send").addEventListener("click", () => {
    const text = offerText();
    if (!text) return;
    give = give.map(() => 0); get = get.map(() => 0);
    send(text);
  });
  $("live").addEventListener("click", backToLive);

  function shapeOf(region) {
    let el;
    if (region.shape === "circle") {
      el = document.createElementNS(SVG, "circle");
      el.setAttribute("cx", region.cx); el.setAttribute("cy", region.cy); el.setAttribute("r", region.r);
    } else if (region.shape === "rect") {
      el = document.createElementNS(SVG, "rect");
      el.setAttribute("x", region.x); el.setAttribute("y", region.y);
      el.setAttribute("width", region.w); el.setAttribute("height", region.h);
    } else {
      el = document.createElementNS(SVG, "polygon");
      const pts = [];
      for (let i = 0; i + 1 < region.points.length; i += 2) pts.push(`${region.points[i]},${region.points[i + 1]}`);
      el.setAttribute("points", pts.join(" "));
    }
    return el;
  }

  function centre(region) {
    if (region.shape === "circle") return [region.cx, region.cy];
    if (region.shape === "rect") return [region.x + region.w / 2, region.y + region.h / 2];
    let x = 0, y = 0;
    const n = region.points.length / 2;
    for (let i = 0; i + 1 < region.points.length; i += 2) { x += region.points[i]; y += region.points[i + 1]; }
    return [x / n, y / n];
  }

  function drawRegions() {
    const svg = $("overlay");
    const img = $("board");
    const setBox = () => {
      if (img.naturalWidth) svg.setAttribute("viewBox", `0 0 ${img.naturalWidth} ${img.naturalHeight}`);
    };
    setBox();
    img.onload = setBox;
    svg.replaceChildren();
    // the regions a click can use go over the others (each keeps its order), so a tile that
    // only tells what it is never covers a place to play
    const ordered = [...state.regions.filter((r) => !r.moves.length), ...state.regions.filter((r) => r.moves.length)];
    for (const region of ordered) {
      const el = shapeOf(region);
      el.classList.add("region");
      el.dataset.name = region.name;
      if (region.moves.length) {
        el.classList.add("legal");
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", `${region.name}: ${region.moves.length === 1 ? region.moves[0] : region.moves.length + " moves"}`);
        el.addEventListener("click", () => pick(region, el));
      }
      if (region.tip) el.classList.add("told");
      if (region.tip || region.moves.length) {
        const tip = document.createElementNS(SVG, "title");  // on hover: what it is, and what a click here can play
        tip.textContent = [region.tip, ...region.moves].filter(Boolean).join("\n");
        el.appendChild(tip);
      }
      svg.appendChild(el);
    }
  }

  function listMoves() {
    const box = $("moves");
    box.replaceChildren(...state.moves.map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move;
      button.dataset.move = move;
      button.addEventListener("click", () => choose(move));
      return button;
    }));
    if (!state.moves.length) {
      const none = document.createElement("p");
      none.textContent = state.seat === null ? "You are watching this table." : "No move for you right now.";
      box.appendChild(none);
    }
  }

  function pick(region, el) {
    // a click narrows the seat's moves to those that name this region
    document.querySelectorAll(".region.chosen").forEach((x) => x.classList.remove("chosen"));
    el.classList.add("chosen");
    if (region.moves.length === 1) choose(region.moves[0]);
    else offer(region);
  }

  function offer(region) {
    chosen = "";
    $("choice").hidden = false;
    $("confirm").hidden = true;
    $("choice-words").textContent = `${region.name}: choose a move`;
    const moves = $("choice-moves");
    moves.replaceChildren(...region.moves.map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move;
      button.addEventListener("click", () => choose(move));
      return button;
    }));
    moves.firstChild.focus();
  }

  async function choose(move) {
    if (past) backToLive();
    chosen = move;
    $("choice").hidden = false;
    $("choice-moves").replaceChildren();
    $("choice-words").textContent = `Play ${move}?`;
    $("confirm").hidden = false;
    $("confirm").focus();
    say("");
    const answer = await fetch(`${base}/preview.png?move=${encodeURIComponent(move)}`, { cache: "no-store" });
    if (chosen !== move) return;
    if (answer.status === 200) {
      $("board").src = URL.createObjectURL(await answer.blob());
      $("overlay").classList.add("off");
      $("choice-words").textContent = `Play ${move}? The board shows it, unplayed.`;
    } else if (answer.status === 409) {
      const why = await answer.json();
      cancel();
      say(why.message, true);
    }
  }

  function cancel() {
    chosen = "";
    past = 0;
    $("past").hidden = true;
    $("choice").hidden = true;
    $("overlay").classList.remove("off");
    document.querySelectorAll(".region.chosen").forEach((x) => x.classList.remove("chosen"));
    if (state && state.picture) {
      boardUrl = `${base}/board.png?v=${state.version}`;
      $("board").src = boardUrl;
    }
  }

  async function send(move) {
    if (sending || !state) return;
    sending = true;
    try {
      const answer = await fetch(base + "/move", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ move, version: state.version }),
      });
      let result;
      try { result = await answer.json(); } catch { result = { ok: false, message: await answer.text() }; }
      cancel();
      say(result.ok ? `Played: ${move}` : result.message, !result.ok);
      if (result.state) apply(result.state);
      else await load();
    } finally {
      sending = false;
    }
    if (heard > state.version) load();  // a move by someone else while this one was on its way
  }

  $("confirm").addEventListener("click", () => { if (chosen) send(chosen); });
  $("cancel").addEventListener("click", cancel);
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("typed-move").value.trim();
    if (move) { $("typed-move").value = ""; send(move); }
  });

  function step(key) {
    const legal = [...document.querySelectorAll(".region.legal")];
    if (!legal.length) return;
    const here = legal.indexOf(document.activeElement);
    if (here < 0) { legal[0].focus(); return; }
    const regions = new Map(state.regions.map((r) => [r.name, r]));
    const [x0, y0] = centre(regions.get(legal[here].dataset.name));
    const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
    let best = null, bestScore = Infinity;
    for (const el of legal) {
      if (el === legal[here]) continue;
      const [x, y] = centre(regions.get(el.dataset.name));
      const along = (x - x0) * dx + (y - y0) * dy;
      if (along <= 0) continue;
      const across = Math.abs((x - x0) * dy - (y - y0) * dx);
      const score = along + 2 * across;  // straight ahead before off to the side
      if (score < bestScore) { best = el; bestScore = score; }
    }
    (best || legal[(here + (dx + dy > 0 ? 1 : legal.length - 1)) % legal.length]).focus();
  }

  // Enter and Space play (T opens the trade panel): a key held down repeats its keydown, and a
  // focused button acts on each, so a held Space rolled and then ended the turn. One press, one
  // move: such a key, once down, is spent until it is let go.
  const ONCE = ["Enter", " ", "t", "T"];
  const pressed = new Set();
  document.addEventListener("keyup", (event) => pressed.delete(event.key));
  window.addEventListener("blur", () => pressed.clear());

  document.addEventListener("keydown", (event) => {
    const active = document.activeElement;
    const typing = active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA");
    if (event.key === "Escape") {
      closeTrade();
      cancel();
      say("");
      if (active && active.blur) active.blur();
      return;
    }
    if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
    if (ONCE.includes(event.key)) {  // the arrows may run on: they only move the focus
      if (event.repeat || pressed.has(event.key)) {
        event.preventDefault();
        return;
      }
      pressed.add(event.key);
    }
    if ((event.key === "t" || event.key === "T") && state && state.trade) {
      event.preventDefault();
      if ($("trade").hidden) openTrade(); else closeTrade();
      return;
    }
    if (event.key.startsWith("Arrow")) {
      event.preventDefault();
      step(event.key);
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    if (active && active.tagName === "LI" && active.closest("#log")) {
      event.preventDefault();
      active.click();
      return;
    }
    if (active && active.classList && active.classList.contains("region")) {
      event.preventDefault();
      active.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return;
    }
    const nothing = !active || active === document.body || active === document.documentElement;
    if (nothing && !chosen && state && state.your_turn && state.obvious) {
      event.preventDefault();
      send(state.obvious);
    }
  });

  function listen() {
    const events = new EventSource(base + "/events");
    events.addEventListener("changed", (event) => {
      heard = Math.max(heard, Number(event.data));
      if (sending) return;  // the answer to the move on its way brings the new state
      if (!state || Number(event.data) !== state.version) load();
    });
    events.addEventListener("replaced", () => {
      // newer pages of this person hold the live updates now: asking again would close one of them
      events.close();
      say("This page no longer updates by itself: your newer pages took its place. Reload it to follow the game here.", true);
    });
  }

  // inside Discord, activity.js signs in first and answers with the address of this person's page
  (window.islesActivity || Promise.resolve(base)).then((page) => { base = page; return load(); }).then(listen);
})();
