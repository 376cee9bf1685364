// The board page: the bot's own picture with its regions made clickable, the seat's legal moves
// as buttons, and live updates. Every move goes to the server, which plays it through the table
// service; nothing here decides what is legal.
"use strict";

(() => {
  let base = location.pathname.replace(/\/+$/, "");
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  // The page's own sentences in the page's language, put in the page by the server (lang/): tr("...")
  // is the English as written where there is none; {name} marks are filled from `values`.
  const WORDS = (() => { try { return JSON.parse(($("words") || {}).textContent || "{}"); } catch { return {}; } })();
  const fill = (text, values) => Object.entries(values || {}).reduce(
    (said, [key, value]) => said.split(`{${key}}`).join(String(value)), text);
  const tr = (text, values) => fill(typeof WORDS[text] === "string" ? WORDS[text] : text, values);
  const trn = (singular, plural, n, values) => {
    const forms = Array.isArray(WORDS[singular]) ? WORDS[singular] : [singular, plural];
    return fill(n === 1 ? forms[0] : forms[1], values);
  };
  // the language asked for in the page's address (?lang=de) goes with every request of the page; without
  // it the browser's own language (Accept-Language) chooses
  const LANG = new URLSearchParams(location.search).get("lang");
  const at = (path) => base + path + (LANG ? (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(LANG) : "");
  let state = null;
  let heard = 0;  // the latest version a live event told of
  let chosen = "";      // the move waiting for Confirm
  let sending = false;
  let boardUrl = "";
  let past = 0;         // the log's move whose board is shown instead of the live one
  let give = [], get = [];  // the trade panel's offer, a count per good
  let expired = false;  // the link's day is over: the server answers 403 to everything
  let events = null;
  let crowded = 0;  // the live updates closed in a row to make room for others: the next wait doubles
  let listening = 0;  // when the live updates last opened
  const CALM = 600000;  // updates open this long (ms) before closing again start the waits over
  let clickedText = false;  // the last click landed on words: Space and Enter then play nothing
  let scale = 0;  // CSS pixels per picture pixel of the zoomed board; 0: the whole board fits
  const TAP = 40;  // the least width of a place to tap, in CSS pixels
  const MOST = 4;  // the largest zoom
  const SMALL = window.matchMedia("(max-width: 700px), (pointer: coarse)");
  const LISTED = 12;  // a place of more moves than this lights the places that narrow them, where they all do
  const SHORT = 12;   // on a small screen, a list of more moves than this starts folded
  // the places tapped so far while the board narrows a choice: their names, their places in
  // state.regions (one name may be on every seat's board) and the moves they leave
  let narrowed = null;

  // The texts come from the game and the service, written for Discord: its bold, code marks and
  // mentions are noise here, and its commands are parts of this page.
  const COMMANDS = [
    // (the commands' German and Spanish names too: the texts name them as Discord shows them there)
    [/(^|[^\w/])\/(?:moves|züge|jugadas)(?: (?:place|side|pay)\b)?/g, "$1" + tr("\u201cYour moves\u201d")],
    [/(^|[^\w/])\/(?:hand|mano)\b/g, "$1" + tr("\u201cYours alone\u201d")],
    [/(^|[^\w/])\/(?:preview|vorschau|vista-previa)\b/g, "$1" + tr("a move chosen on the board")],
    [/(^|[^\w/])\/(?:takeback|zurücknehmen|deshacer)\b/g, "$1" + tr("\u201cTake back my last move\u201d")],
  ];

  function plain(text) {
    let words = String(text || "").replace(/(?:<@[!&]?\d+>[ ,]*)+:?\s*/g, "").replace(/\*\*|__|`/g, "");
    for (const [command, here] of COMMANDS) words = words.replace(command, here);
    return words;
  }

  function say(words, refused) {
    const box = $("message");
    box.textContent = plain(words);
    box.className = refused ? "refused" : "";
  }

  async function load() {
    if (expired) return;
    const answer = await fetch(at("/state"), { cache: "no-store" });
    if (answer.status === 403) {
      showExpired();
      return;
    }
    if (!answer.ok) {
      say(await answer.text(), true);
      return;
    }
    apply(await answer.json());
  }

  function showExpired() {
    // every request of this link gets 403 from now on: say so, and offer nothing that would fail
    expired = true;
    if (events) events.close();
    cancel();
    closeTrade();
    $("expired").hidden = false;
    $("typed").hidden = true;
    $("trade-open").hidden = true;
    $("takeback-box").hidden = true;
    $("bar").hidden = true;
    $("overlay").classList.add("off");
    $("moves").replaceChildren();
    const turn = $("turn");
    turn.textContent = tr("This link has expired");
    turn.className = "";
    signal();
  }

  // the tab's title and icon: seen from another tab or window, they tell that it is your turn
  function signal() {
    const asked = !expired && state && state.your_answer;
    const mine = !expired && state && state.your_turn && !asked;
    const name = state ? tr("{game}, table {table} · Isles", { game: state.title, table: state.table }) : "Isles";
    document.title = expired ? tr("Link expired · {page}", { page: name }) : asked ? tr("Your answer · {page}", { page: name })
      : mine ? tr("Your turn · {page}", { page: name }) : name;
    const fill = expired ? "#b00020" : mine || asked ? "#ffd400" : "#8a9bb0";
    // a turn: a red dot; an answer awaited (to an offer, to a take-back request): a blue ring
    const dot = mine ? '<circle cx="16" cy="16" r="6" fill="#c22"/>'
      : asked ? '<circle cx="16" cy="16" r="6" fill="none" stroke="#1f4fbf" stroke-width="4"/>' : "";
    const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" ` +
      `fill="${fill}" stroke="#24384f" stroke-width="3"/>${dot}</svg>`;
    $("favicon").href = "data:image/svg+xml," + encodeURIComponent(icon);
  }

  function apply(fresh) {
    const moved = !state || fresh.version !== state.version;
    state = fresh;
    if (moved && narrowed) { narrowed = null; $("choice").hidden = true; }
    if (moved && chosen && !state.moves.includes(chosen)) cancel();
    show();
  }

  function show() {
    if (expired) return;
    signal();
    $("title").textContent = state.title;
    const turn = $("turn");
    if (state.status !== "active") turn.textContent = state.status === "lobby" ? tr("Waiting for players") : tr("The game is over");
    else if (state.your_answer) turn.textContent = tr("Your answer");
    else if (state.your_turn) turn.textContent = tr("Your turn");
    else turn.textContent = state.waiting.length ? tr("Waiting for {players}", { players: state.waiting.join(", ") }) : "";
    turn.className = state.your_turn || state.your_answer ? "mine" : "";
    $("text").textContent = plain(state.text);
    $("board").alt = state.alt || (state.text ? tr("The board of {game}. {text}", { game: state.title, text: plain(state.text) }) : tr("The board"));
    const url = at(`/board.png?v=${state.version}`);
    $("board-view").hidden = $("board-tools").hidden = !state.picture;
    if (state.picture && url !== boardUrl && !chosen && !past) {
      boardUrl = url;
      $("board").src = url;
    }
    drawRegions();
    listMoves();
    const log = $("log");
    log.replaceChildren(...state.log.map((line) => {
      const item = document.createElement("li");
      // a line ends with the move as typed, in Discord's code marks: here it is set apart by its type
      const [, told, typed] = line.replace(/^\d+\.\s*/, "").match(/^(.*?)\s*(?:`([^`]*)`)?\s*$/s);
      item.textContent = plain(told);
      if (typed) {
        const move = document.createElement("code");
        move.textContent = typed;
        item.append(" ", move);
      }
      item.value = parseInt(line, 10) || 0;
      item.title = tr("The board just after this move");
      item.tabIndex = 0;
      if (item.value === past) item.classList.add("shown");
      item.addEventListener("click", () => showPast(item.value, item.textContent));
      return item;
    }));
    log.scrollTop = log.scrollHeight;
    $("typed").hidden = !state.playing;  // spectators, resigned seats and ended games type no move
    $("typed-move").placeholder = state.moves.length ? `e.g. ${state.moves[0]}` : "";
    $("trade-open").hidden = !state.trade;
    if (!state.trade) $("trade").hidden = true;
    else if (!$("trade").hidden) showTrade();
    showOwn();
    showTakeback();
    showBar();
    showZoom();
  }

  // -- the bar: the moves that need no place, at the foot of the screen ------------------------
  function showBar() {
    const items = [];
    const offer = state.takeback;
    if (offer && offer.answer) {  // a take-back request awaits this person's answer
      items.push(barButton(tr("Agree to take back {move}", { move: plain(offer.answer) }), "primary", () => answerTakeback(true)));
      items.push(barButton(tr("Refuse"), "", () => answerTakeback(false)));
    }
    for (const item of state.bar || []) {
      const button = barButton(plain(item.label), item.style, () => {
        if (item.moves.length > 1) list(plain(item.label), item.moves, false);
        else if (item.moves[0] === state.obvious || state.actions.some((a) => a.move === item.moves[0])) send(item.moves[0]);
        else choose(item.moves[0]);
      });
      button.dataset.move = item.moves.length === 1 ? item.moves[0] : "";
      items.push(button);
    }
    if (state.trade && state.trade.can_offer) items.push(barButton(tr("Trade"), "", openTrade));
    $("bar-moves").replaceChildren(...items);
    $("bar").hidden = !items.length;
  }

  function barButton(label, style, act) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    if (style === "primary" || style === "success") button.classList.add("primary");
    button.addEventListener("click", act);
    return button;
  }

  function answerTakeback(agree) {
    post("/takeback", { agree }, agree ? tr("You agreed.") : tr("You refused: the move stands."));
  }

  // -- the seat's own part: what /hand tells it, and /takeback as Discord offers it -------------
  function showOwn() {
    const words = plain(state.private);
    $("own").hidden = !(words || state.hand_picture);
    $("private").textContent = words;
    $("private").hidden = !words;
    const hand = $("hand");
    hand.hidden = !state.hand_picture;
    const url = at(`/hand.png?v=${state.version}`);
    if (state.hand_picture && hand.getAttribute("src") !== url) hand.src = url;
  }

  function showTakeback() {
    const offer = state.takeback;
    const box = $("takeback-box");
    box.hidden = !offer || !(offer.ask || offer.answer || offer.asked);
    if (box.hidden) return;
    $("takeback").hidden = !offer.ask;
    $("takeback-agree").hidden = $("takeback-refuse").hidden = !offer.answer;
    $("takeback-words").textContent = offer.answer
      ? tr("{player} asks to take back {move}.", { player: offer.by, move: plain(offer.answer) })
      : offer.asked ? tr("You asked to take back {move}: the other players answer.", { move: plain(offer.asked) })
        : tr("Misclicked? You may ask to take your last move back.");
  }

  // a solo seat's move is taken back at once, another table's is asked for: the answer says which
  $("takeback").addEventListener("click", () => post("/takeback", {}, (result) =>
    result.state && result.state.takeback && result.state.takeback.asked
      ? tr("You asked to take your last move back: the other players answer.") : result.message));
  $("takeback-agree").addEventListener("click", () => answerTakeback(true));
  $("takeback-refuse").addEventListener("click", () => answerTakeback(false));

  // -- zoom: on a small screen the places to tap grow to a finger's width, and the board pans ----
  function tapWidth(region) {
    // the narrowest way across a region, in the picture's pixels (a road is long and thin)
    if (region.shape === "circle") return 2 * region.r;
    if (region.shape === "rect") return Math.min(region.w, region.h);
    const p = region.points, n = p.length / 2;
    let least = Infinity;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const ex = p[2 * j] - p[2 * i], ey = p[2 * j + 1] - p[2 * i + 1];
      const length = Math.hypot(ex, ey);
      if (!length) continue;
      let low = Infinity, high = -Infinity;
      for (let k = 0; k < n; k++) {
        const across = ((p[2 * k] - p[2 * i]) * ey - (p[2 * k + 1] - p[2 * i + 1]) * ex) / length;
        low = Math.min(low, across); high = Math.max(high, across);
      }
      least = Math.min(least, high - low);
    }
    return least === Infinity ? 0 : least;
  }

  function wanted() {
    // at least the picture as drawn (its words readable), more when a place to tap is narrower than TAP
    const widths = state.regions.filter((r) => r.moves.length).map(tapWidth).filter((w) => w > 0);
    return Math.min(MOST, Math.max(1, TAP / (widths.length ? Math.min(...widths) : TAP)));
  }

  function shownScale() {
    const img = $("board");
    return img.naturalWidth ? img.getBoundingClientRect().width / img.naturalWidth : 1;
  }

  function tooSmall() {
    return SMALL.matches && state && state.picture && !past && $("board").naturalWidth > 0 && shownScale() < wanted() - 0.01;
  }

  function zoomTo(wish, x, y) {
    const view = $("board-view"), img = $("board"), box = $("board-box");
    if (!img.naturalWidth) return;
    const shown = img.getBoundingClientRect(), seen = view.getBoundingClientRect();
    // the point of the picture under (x, y), the middle of what is seen without them, stays in sight
    const fx = ((x ?? seen.left + view.clientWidth / 2) - shown.left) / shown.width;
    const fy = ((y ?? seen.top + view.clientHeight / 2) - shown.top) / shown.height;
    const fit = view.clientWidth / img.naturalWidth;
    scale = wish && wish > fit + 0.01 ? Math.min(MOST, wish) : 0;
    view.classList.toggle("zoomed", scale > 0);
    box.style.width = scale ? `${Math.round(img.naturalWidth * scale)}px` : "";
    view.scrollLeft = fx * box.offsetWidth - view.clientWidth / 2;
    view.scrollTop = fy * box.offsetHeight - view.clientHeight / 2;
    showZoom();
  }

  function showZoom() {
    if (!state) return;
    $("zoom-out").disabled = $("zoom-fit").disabled = scale === 0;
    $("zoom-in").disabled = scale >= MOST;
    $("zoom-hint").textContent = tooSmall() ? tr("Tap the board to see it large.") : "";
  }

  $("zoom-in").addEventListener("click", () => zoomTo(Math.max(1, shownScale() * 1.5)));
  $("zoom-out").addEventListener("click", () => zoomTo(shownScale() / 1.5));
  $("zoom-fit").addEventListener("click", () => zoomTo(0));
  $("board").addEventListener("load", showZoom);
  // a tap on a board too small for fingers makes it large around the tap, and chooses nothing
  $("board-view").addEventListener("click", (event) => {
    if (!tooSmall()) return;
    event.preventDefault();
    event.stopPropagation();
    zoomTo(wanted(), event.clientX, event.clientY);
  }, true);

  function showPast(n, words) {
    // the board as it stood just after move n, replayed by the server in this page's own view
    if (!n || !state.picture) return;
    cancel();
    past = n;
    $("board").src = at(`/after/${n}.png`);
    $("overlay").classList.add("off");
    $("past").hidden = false;
    $("past-words").textContent = tr("The board just after move {number}: {words}", { number: n, words });
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
    if (!state || !state.trade || expired) return;
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
    const good = { good: state.trade.goods[i] };
    less.setAttribute("aria-label", label === "give" ? tr("give one {good} less", good) : tr("get one {good} less", good));
    more.setAttribute("aria-label", label === "give" ? tr("give one {good} more", good) : tr("get one {good} more", good));
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
    $("trade-words").textContent = !trade.can_offer ? tr("You cannot make an offer now.")
      : text || tr("Choose what you give and what you get.");
    $("trade-send").disabled = !trade.can_offer || !text;
    const offers = $("trade-offers");
    offers.replaceChildren(...state.actions.map((action) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = plain(action.label);
      button.dataset.move = action.move;
      if (action.style === "primary" || action.style === "success") button.classList.add("primary");
      button.addEventListener("click", () => send(action.move));
      return button;
    }));
    if (!state.actions.length) {
      const none = document.createElement("p");
      none.textContent = tr("No open offer you can answer.");
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
    const ordered = [...state.regions.filter((r) => !live(r).length), ...state.regions.filter((r) => live(r).length)];
    for (const region of ordered) {
      const el = shapeOf(region);
      const moves = live(region);
      el.classList.add("region");
      el.dataset.name = region.name;
      if (narrowed && narrowed.at.includes(state.regions.indexOf(region))) el.classList.add("chosen");
      else if (moves.length) {
        el.classList.add("legal");
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", moves.length === 1 ? `${region.name}: ${moves[0]}`
          : trn("{place}: {count} move", "{place}: {count} moves", moves.length, { place: region.name, count: moves.length }));
        el.addEventListener("click", () => pick(region, el));
      }
      if (region.tip) el.classList.add("told");
      if (region.tip || moves.length) {
        const tip = document.createElementNS(SVG, "title");  // on hover: what it is, and what a click here can play
        tip.textContent = [region.tip, ...moves].filter(Boolean).join("\n");
        el.appendChild(tip);
      }
      svg.appendChild(el);
    }
  }

  // the moves of a region still open: all of them, or those left by the places tapped before it
  function live(region) {
    return narrowed ? region.moves.filter((m) => narrowed.moves.includes(m)) : region.moves;
  }

  function listMoves() {
    const box = $("moves");
    $("all-moves-count").textContent = tr("All your moves ({count})", { count: state.moves.length });
    const fold = SMALL.matches && state.moves.length > SHORT;
    if (fold !== !!$("all-moves").dataset.folded) {  // folded by the page, not against the reader's own tap
      $("all-moves").open = !fold;
      $("all-moves").dataset.folded = fold ? "1" : "";
    }
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
      none.textContent = state.seat === null ? tr("You are watching this table.") : tr("No move for you right now.");
      box.appendChild(none);
    }
  }

  function pick(region, el) {
    // a click narrows the seat's moves to those that name this region (and the places tapped before)
    const moves = live(region);
    if (!moves.length) return;
    if (!narrowed) document.querySelectorAll(".region.chosen").forEach((x) => x.classList.remove("chosen"));
    el.classList.add("chosen");
    if (moves.length === 1) choose(moves[0]);
    else if (moves.length > LISTED && narrowing(region, moves)) narrow(region, moves);
    else list(region.name, moves, false);
  }

  function narrowing(region, moves) {
    // whether other places on the board split these moves, each to fewer, and together name them all
    const names = narrowed ? narrowed.names : [];
    const covered = new Set();
    for (const other of state.regions) {
      if (other.name === region.name || names.includes(other.name)) continue;
      const some = other.moves.filter((m) => moves.includes(m));
      if (some.length && some.length < moves.length) some.forEach((m) => covered.add(m));
    }
    return moves.every((m) => covered.has(m));
  }

  function narrow(region, moves) {
    // many moves at one place (a Grow Sky engine-room square, a tile in hand): the places that tell
    // them apart light on the board, and a tap there chooses among the moves left
    chosen = "";
    narrowed = { names: [...(narrowed ? narrowed.names : []), region.name],
      at: [...(narrowed ? narrowed.at : []), state.regions.indexOf(region)], moves };
    drawRegions();
    $("choice").hidden = false;
    $("confirm").hidden = true;
    $("choice-moves").replaceChildren();
    $("choice-list").hidden = false;
    $("choice-words").textContent = trn("{places}: {count} move. Tap a lit place on the board to choose among them.",
      "{places}: {count} moves. Tap a lit place on the board to choose among them.", moves.length,
      { places: narrowed.names.join(", "), count: moves.length });
    // the first place left in the middle of the view: clear of a phone's sheet at the foot of the screen
    const next = document.querySelector(".region.legal");
    if (next) next.scrollIntoView({ block: "center", inline: "center" });
  }

  function list(name, moves, now) {
    // `now`: chosen by keys, where Enter or Space on a move plays it at once, as on a spot
    chosen = "";
    $("choice").hidden = false;
    $("confirm").hidden = true;
    $("choice-list").hidden = true;
    $("choice-words").textContent = tr("{place}: choose a move", { place: name });
    const box = $("choice-moves");
    box.replaceChildren(...moves.map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move;
      button.addEventListener("click", () => (now ? send(move) : choose(move)));
      return button;
    }));
    $("choice").scrollIntoView({ block: "nearest" });  // in the page's flow on a wide screen: brought into view
    box.firstChild.focus({ preventScroll: true });
  }

  $("choice-list").addEventListener("click", () => {
    if (narrowed) list(narrowed.names.join(", "), narrowed.moves, false);
  });

  function pickByKey(el) {
    // Enter or Space on a spot plays there at once; a spot of several moves asks which first
    const region = state.regions.find((r) => r.name === el.dataset.name && live(r).length);
    if (!region) return;
    const moves = live(region);  // those left by the places tapped before, while a choice narrows
    if (moves.length === 1) send(moves[0]);
    else {
      if (!narrowed) document.querySelectorAll(".region.chosen").forEach((x) => x.classList.remove("chosen"));
      el.classList.add("chosen");
      list(region.name, moves, true);
    }
  }

  async function choose(move) {
    if (past) backToLive();
    chosen = move;
    $("choice").hidden = false;
    $("choice-list").hidden = true;
    $("choice-moves").replaceChildren();
    $("choice-words").textContent = tr("Play {move}?", { move });
    $("confirm").hidden = false;
    $("confirm").focus({ preventScroll: true });
    $("choice").scrollIntoView({ block: "nearest" });
    say("");
    const answer = await fetch(at(`/preview.png?move=${encodeURIComponent(move)}`), { cache: "no-store" });
    if (chosen !== move) return;
    if (answer.status === 200) {
      $("board").src = URL.createObjectURL(await answer.blob());
      $("overlay").classList.add("off");
      $("choice-words").textContent = tr("Play {move}? The board shows it, unplayed.", { move });
    } else if (answer.status === 409) {
      const why = await answer.json();
      cancel();
      say(why.message, true);
    }
  }

  function cancel() {
    chosen = "";
    past = 0;
    if (narrowed) {
      narrowed = null;
      if (state) drawRegions();
    }
    $("past").hidden = true;
    $("choice").hidden = true;
    $("overlay").classList.remove("off");
    document.querySelectorAll(".region.chosen").forEach((x) => x.classList.remove("chosen"));
    if (state && state.picture && !expired) {
      boardUrl = at(`/board.png?v=${state.version}`);
      $("board").src = boardUrl;
    }
  }

  function send(move) {
    return post("/move", { move, version: state && state.version }, tr("Played: {move}", { move }));
  }

  async function post(path, body, done) {
    if (sending || !state || expired) return;
    sending = true;
    try {
      const answer = await fetch(at(path), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const words = await answer.text();
      let result;
      try { result = JSON.parse(words); } catch { result = null; }
      if (answer.status === 403 && !result) {  // the link, not the move: the page's day is over
        showExpired();
        return;
      }
      result = result || { ok: false, message: words };
      cancel();
      say(!result.ok ? result.message : typeof done === "function" ? done(result) : done, !result.ok);
      if (result.state) apply(result.state);
      else await load();
    } finally {
      sending = false;
    }
    if (state && heard > state.version) load();  // a move by someone else while this one was on its way
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
  // a click on words (to read or copy them) leaves the focus on the body: Space there is no roll
  document.addEventListener("pointerdown", (event) => {
    const target = event.target;
    clickedText = Boolean(target.closest && target.closest("p, pre, li, h1, h2, label, td, th, footer, header")
      && !target.closest("button, input, [tabindex]"));
  });

  document.addEventListener("keydown", (event) => {
    const active = document.activeElement;
    const typing = active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA");
    if (event.key === "Escape") {
      clickedText = false;
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
      if (!$("trade").hidden) closeTrade();
      else if (state.your_turn && state.trade.can_offer) openTrade();  // after your roll, on your turn
      return;
    }
    if (event.key.startsWith("Arrow")) {
      event.preventDefault();  // the page itself never scrolls by arrows here
      // while the board narrows a choice, the arrows go round the places left, until a list shows
      if (!$("choice").hidden && (!narrowed || $("choice-moves").children.length)) {  // a spot is chosen: the arrows go round its moves, if any, and stay there
        const buttons = [...document.querySelectorAll("#choice-moves button")];
        const here = buttons.indexOf(active);
        if (buttons.length && here >= 0) {
          const next = (here + (event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : buttons.length - 1));
          buttons[next % buttons.length].focus({ preventScroll: true });
        }
        return;
      }
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
      pickByKey(active);
      return;
    }
    const nothing = !active || active === document.body || active === document.documentElement;
    if (nothing && !clickedText && !chosen && state && state.your_turn && state.obvious) {
      event.preventDefault();
      send(state.obvious);
    }
  });

  function listen() {
    if (expired) return;
    events = new EventSource(at("/events"));
    events.addEventListener("error", () => {
      // closed for good (a 403 once the link expired): ask once, and the answer says why
      if (events.readyState === EventSource.CLOSED) load();
    });
    events.addEventListener("changed", (event) => {
      heard = Math.max(heard, Number(event.data));
      if (sending) return;  // the answer to the move on its way brings the new state
      if (!state || Number(event.data) !== state.version) load();
    });
    // a take-back request or its answer saves no move, so no version tells it: the page looks again
    events.addEventListener("asked", () => { if (!sending) load(); });
    events.addEventListener("replaced", () => {
      // newer pages of this person hold the live updates now: asking again would close one of them
      events.close();
      say(tr("This page no longer updates by itself: your newer pages took its place. Reload it to follow the game here."), true);
    });
    events.addEventListener("crowded", () => {
      // closed to make room for other people's pages: ask again later, longer after each time
      events.close();
      crowded = Date.now() - listening > CALM ? 1 : crowded + 1;
      const wait = Math.round(Math.min(5 * 2 ** (crowded - 1), 600) * (0.5 + Math.random()));
      const paused = tr("Live updates are paused: the server closed this page's updates to make room for other people's pages. It asks again in {seconds} s.", { seconds: wait });
      say(paused, true);
      setTimeout(() => {
        if ($("message").textContent === plain(paused)) say("");
        load();
        listen();
      }, wait * 1000);
    });
    listening = Date.now();
  }

  // inside Discord, activity.js signs in first and answers with the address of this person's page
  (window.islesActivity || Promise.resolve(base)).then((page) => { base = page; return load(); }).then(listen);
})();
