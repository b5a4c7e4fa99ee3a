// The page of `lignum serve`: reads LINK/state, listens to LINK/events, enters lines with LINK/act.
// Plain JavaScript, no build step; every text goes in through textContent (names may hold any script).
"use strict";
(function () {
  const base = document.body.dataset.base;
  const lang = new URLSearchParams(location.search).get("lang");
  const q = lang ? "?lang=" + encodeURIComponent(lang) : "";
  const $ = (id) => document.getElementById(id);
  let state = null;
  let busy = false;

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function fill(t, fields) {
    return t.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? fields[k] : m));
  }

  function requestId() { // a retried request after a dropped connection carries the same id
    const a = new Uint8Array(16);
    crypto.getRandomValues(a);
    return Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function table(t) {
    const box = el("div", null, "scroll");
    const tab = el("table");
    const head = el("tr");
    t.headers.forEach((h) => head.appendChild(el("th", h)));
    tab.appendChild(head);
    t.rows.forEach((r) => {
      const tr = el("tr");
      r.forEach((c) => tr.appendChild(el("td", c)));
      tab.appendChild(tr);
    });
    box.appendChild(tab);
    return box;
  }

  function moveButton(m) {
    const b = el("button", null, "move");
    b.type = "button";
    const left = el("span");
    const words = el("span");
    const code = el("code");
    const price = el("span", null, "price");
    left.appendChild(words);
    left.appendChild(code);
    b.appendChild(left);
    b.appendChild(price);
    b.show = (mv) => { // the move this button enters now (a stepper changes it)
      words.textContent = mv.words ? mv.label + ": " + mv.words : mv.label;
      code.textContent = mv.line;
      price.textContent = mv.price;
      price.className = "price " + (mv.price.startsWith("-") ? "neg" : "pos");
      b.dataset.line = mv.line;
    };
    b.show(m);
    b.addEventListener("click", () => send("act", { line: b.dataset.line }));
    return b;
  }

  function stepper(group) { // moves that differ only in a last count (`go 10 1`, `go 10 2`): chosen by - and +
    const box = el("div", null, "stepper");
    let i = 0;
    const b = moveButton(group[0]);
    const minus = el("button", "−", "step");
    const count = el("span", group[0].count, "count");
    const plus = el("button", "+", "step");
    minus.type = plus.type = "button";
    const set = (k) => {
      i = Math.max(0, Math.min(group.length - 1, k));
      b.show(group[i]);
      count.textContent = group[i].count;
      minus.disabled = i === 0;
      plus.disabled = i === group.length - 1;
    };
    minus.addEventListener("click", () => set(i - 1));
    plus.addEventListener("click", () => set(i + 1));
    box.appendChild(b);
    const row = el("div", null, "steps");
    row.appendChild(minus);
    row.appendChild(count);
    row.appendChild(plus);
    box.appendChild(row);
    set(0);
    return box;
  }

  function movesList(box, moves) {
    const groups = [];
    const byStem = {};
    moves.forEach((m) => {
      const found = / (\d+)$/.exec(m.line);
      let stem = found ? m.line.slice(0, found.index) : null;
      if (stem !== null && stem.split(" ").length < 3) stem = null; // `go 7` names a place, not a count
      if (stem !== null && byStem[stem]) {
        byStem[stem].push(Object.assign({ count: found[1] }, m));
        return;
      }
      const g = [Object.assign({ count: found ? found[1] : "" }, m)];
      if (stem !== null) byStem[stem] = g;
      groups.push(g);
    });
    groups.forEach((g) => {
      g.sort((a, b) => Number(a.count) - Number(b.count));
      box.appendChild(g.length > 1 ? stepper(g) : moveButton(g[0]));
    });
  }

  function counter(c) { // a move whose pieces are counted out with - and +, tried as it changes
    const box = el("div", null, "counter");
    const counts = {};
    const line = el("code");
    const said = el("p", null, "small");
    const go = el("button", null, "move");
    go.type = "button";
    const bag = (part) => part.pieces.filter((p) => counts[part.prefix + p.code])
      .map((p) => (counts[part.prefix + p.code] > 1 ? counts[part.prefix + p.code] : "") + p.code).join("+");
    const compose = () => c.parts.filter((part) => bag(part)).map((part) => part.prefix + bag(part)).join(" ");
    let trying = null;
    const update = () => {
      const rest = compose();
      line.textContent = rest ? c.line + " " + rest : "";
      go.disabled = !rest;
      go.textContent = state.texts.send + (rest ? ": " + c.label : "");
      said.textContent = "";
      clearTimeout(trying);
      if (!rest) return;
      const sent = c.line + " " + rest;
      trying = setTimeout(async () => {
        const a = await post("try", { line: sent });
        if (line.textContent !== sent) return;
        said.textContent = a.ok ? [a.price].concat(a.said).filter((x) => x).join("\n") : a.refusal;
        said.className = "small " + (a.ok ? "ok" : "no");
      }, 300);
    };
    box.appendChild(el("div", c.label, "who"));
    c.parts.forEach((part) => {
      box.appendChild(el("div", part.area_words, "group"));
      part.pieces.forEach((p) => {
        const key = part.prefix + p.code;
        counts[key] = 0;
        const row = el("div", null, "steps piece");
        const n = el("span", "0", "count");
        const minus = el("button", "\u2212", "step");
        const plus = el("button", "+", "step");
        minus.type = plus.type = "button";
        const set = (k) => {
          counts[key] = Math.max(0, Math.min(p.most, k));
          n.textContent = String(counts[key]);
          minus.disabled = counts[key] === 0;
          plus.disabled = counts[key] === p.most;
          update();
        };
        minus.addEventListener("click", () => set(counts[key] - 1));
        plus.addEventListener("click", () => set(counts[key] + 1));
        row.appendChild(el("span", p.words + " (" + p.most + ")", "what"));
        row.appendChild(minus);
        row.appendChild(n);
        row.appendChild(plus);
        box.appendChild(row);
        minus.disabled = true;
      });
    });
    go.addEventListener("click", () => { if (line.textContent) send("act", { line: line.textContent }); });
    box.appendChild(line);
    box.appendChild(said);
    box.appendChild(go);
    update();
    return box;
  }

  function render(s) {
    const t = s.texts;
    document.documentElement.lang = s.lang;
    const table_ = s.viewer.kind === "table";
    $("title").textContent = table_ ? s.title : s.viewer.name + " · " + s.title;
    document.title = (table_ ? "" : s.viewer.name + " · ") + "Lignum";
    $("where").textContent = s.header;
    $("waiting").textContent = t.waiting + ": " + s.waiting;
    $("todo-h").textContent = t.todo;
    $("todo").textContent = s.todo;
    $("winter-box").hidden = !s.winter.length;
    $("winter-h").textContent = t.winter;
    $("winter").textContent = s.winter.join("\n");
    $("mill-h").textContent = table_ ? t.mills : t.your_mill;
    $("mill").replaceChildren(table(s.mill));
    $("entry-h").textContent = table_ ? t.table_entry : t.type_line;
    $("line").placeholder = t.type_hint;
    $("entry-hint").textContent = table_ ? t.table_hint : "";
    $("send").textContent = t.send;
    $("rules-h").textContent = t.rules;
    $("rules-q").placeholder = t.rules_hint;
    $("rules-go").textContent = t.search;
    $("score-box").hidden = !s.score;
    if (s.score) {
      $("score-h").textContent = t.score;
      $("score").replaceChildren(table(s.score));
    }
    const undo = $("undo");
    undo.hidden = !s.can_undo;
    undo.textContent = (table_ ? t.undo_table : t.undo) + (s.last_line ? " (" + s.last_line + ")" : "");
    const moves = $("moves");
    moves.replaceChildren();
    if (table_) {
      $("moves-h").textContent = t.moves_table;
      $("board-box").hidden = false;
      $("board-h").textContent = t.board;
      $("path").textContent = s.path;
      $("clearing").textContent = s.clearing;
      $("board").replaceChildren(table(s.board));
      const names = Object.keys(s.moves_by_player);
      $("moves-box").hidden = !names.length;
      names.forEach((name) => {
        moves.appendChild(el("div", fill(t.moves_of, { name: name }), "who"));
        movesList(moves, s.moves_by_player[name]);
      });
    } else {
      $("moves-h").textContent = t.moves;
      $("moves-box").hidden = false;
      $("count-box").hidden = !s.composers.length;
      $("count-h").textContent = t.count;
      $("counters").replaceChildren(...s.composers.map(counter));
      if (!s.moves.length) moves.appendChild(el("p", t.no_moves, "small"));
      movesList(moves, s.moves);
    }
  }

  let retry = null;
  async function load() { // a read that fails (Wi-Fi lost) is tried again until the page has the file
    clearTimeout(retry);
    let r;
    try {
      r = await fetch(base + "/state" + q, { cache: "no-store" });
    } catch (e) {
      r = null;
    }
    if (!r || !r.ok) {
      retry = setTimeout(load, 1500);
      return;
    }
    state = await r.json();
    render(state);
    document.body.dataset.lines = String(state.lines); // what the page shows now (tests wait on it)
  }

  function say(lines) { // the newest change first, its lines in the order they were said
    const news = $("news");
    $("news-box").hidden = false;
    news.insertBefore(el("li", lines.join("\n")), news.firstChild);
    while (news.children.length > 4) news.removeChild(news.lastChild);
  }

  function refuse(text) {
    const box = $("refusal");
    box.hidden = !text;
    box.textContent = text ? state.texts.refused + ": " + text : "";
  }

  async function post(what, body) {
    for (let tries = 0; ; tries++) {
      try {
        const r = await fetch(base + "/" + what + q, {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
        });
        return await r.json();
      } catch (e) { // the connection dropped: the same request id again, the server answers it once
        if (tries >= 4) throw e;
        await new Promise((ok) => setTimeout(ok, 800));
      }
    }
  }

  async function send(what, body) {
    if (busy) return;
    busy = true;
    body.id = requestId();
    try {
      let a = await post(what, body);
      if (!a.ok && a.confirm && window.confirm(a.confirm)) {
        a = await post(what, { id: requestId(), confirm: true });
      }
      if (a.ok) {
        refuse("");
        if (what === "act") { $("line").value = ""; $("preview").textContent = ""; }
        await load();
      } else if (a.refusal) {
        refuse(a.refusal);
      }
    } catch (e) {
      refuse(state ? state.texts.offline : String(e));
    } finally {
      busy = false;
    }
  }

  function listen() {
    const es = new EventSource(base + "/events" + q);
    const news = (ev) => {
      $("status").textContent = state ? state.texts.online : "";
      $("status").className = "status";
      const d = JSON.parse(ev.data);
      if (d.said && d.said.length) say(d.said);
      if (!state || d.version !== state.version) load();
    };
    es.addEventListener("hello", news);
    es.addEventListener("line", news);
    es.onerror = () => { // EventSource reconnects by itself (with Last-Event-ID); the hello brings us up to date
      $("status").textContent = state ? state.texts.offline : "...";
      $("status").className = "status off";
    };
  }

  let previewing = null;
  $("line").addEventListener("input", () => { // what the typed line would do, before Enter: its price or refusal
    clearTimeout(previewing);
    const line = $("line").value.trim();
    $("preview").textContent = "";
    if (!line) return;
    previewing = setTimeout(async () => {
      try {
        const a = await post("try", { line: line });
        if ($("line").value.trim() !== line) return;
        $("preview").textContent = a.ok ? [a.line + (a.price ? "  " + a.price : "")].concat(a.said).join("\n")
          : a.refusal;
        $("preview").className = "small " + (a.ok ? "ok" : "no");
      } catch (e) { /* offline: Enter says so */ }
    }, 350);
  });
  $("line-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const line = $("line").value.trim();
    if (line) send("act", { line: line });
  });
  $("undo").addEventListener("click", () => {
    if (state && state.viewer.kind === "player" && !window.confirm(fill(state.texts.undo_confirm, { line: state.last_line }))) return;
    send("undo", {});
  });
  $("rules-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const sep = q ? "&" : "?";
    const r = await fetch(base + "/rules" + q + sep + "q=" + encodeURIComponent($("rules-q").value), { cache: "no-store" });
    const box = $("rules");
    box.replaceChildren();
    if (!r.ok) return;
    (await r.json()).topics.forEach((t) => {
      const d = el("div", null, "topic");
      d.appendChild(el("h3", t.title + (t.rules.length ? " (" + t.rules.join(", ") + ")" : "")));
      d.appendChild(el("p", t.body));
      box.appendChild(d);
    });
  });
  if (document.fonts) { // the shipped Hangul font arrived: lay the texts out again with it
    document.fonts.addEventListener("loadingdone", () => { if (state) render(state); });
  }
  window.addEventListener("online", load); // back on the network, or the phone woken up: read the state again
  document.addEventListener("visibilitychange", () => { if (!document.hidden) load(); });
  load().then(listen);
})();
