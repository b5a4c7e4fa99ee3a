"""`lignum serve` through its API (docs/serve.md): who gets in, what is saved, what each viewer sees (issue 30)."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys

import pytest
from serve_helpers import app_for, example_lines, game_from, live_server
from starlette.testclient import TestClient

from lignum_companion.engine import score
from lignum_companion.engine.actions import TABLE_VERBS
from lignum_companion.gamefile import store as gamefile
from lignum_companion.serve import app as serve_app
from lignum_companion.serve.links import links_path, load_links

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def pauses(monkeypatch):
    """Wrong secrets are slowed down: the pauses are recorded here instead of waited."""
    seen: list[float] = []

    async def record(seconds: float) -> None:
        seen.append(seconds)

    monkeypatch.setattr(serve_app, "pause", record)
    return seen


@pytest.fixture
def game(tmp_path):
    return game_from(tmp_path)


def test_no_path_answers_without_a_valid_secret_and_wrong_ones_are_slowed(game, pauses) -> None:
    app, host, links = app_for(game)
    player = links.players["ben"]
    before = game.read_bytes()
    with TestClient(app) as c:
        for path in ("/", "/p", "/t", "/p/x", "/p/x/state", "/t/x/events", "/p/" + "A" * 32 + "/state",
                     f"/t/{player}/state",  # a player's secret on the table's path
                     f"/p/{links.table}",  # and the table's on a player's
                     f"/p/{player}/assets/../../game.lignum", f"/p/{player}/assets/page.html",
                     "/favicon.ico", "/game.lignum", f"/p/{player[:-1]}/state"):
            r = c.get(path)
            assert (r.status_code, r.text) == (404, "Not Found"), path
        r = c.post(f"/p/{player[:-1]}/act", json={"line": "go 9"})
        assert (r.status_code, r.text) == (404, "Not Found")
    assert len(pauses) == 15 and pauses == sorted(pauses) and pauses[-1] > pauses[0]  # each wrong try waits longer
    assert game.read_bytes() == before


def test_secrets_are_long_kept_owner_only_and_survive_a_restart(game) -> None:
    links = load_links(game, ["anna", "ben"])
    kept = links_path(game)
    assert kept.parent == game.parent and stat.S_IMODE(kept.stat().st_mode) == 0o600
    for secret in [links.table, *links.players.values()]:
        assert len(secret) * 6 >= 128  # URL-safe base64: six bits a character
    assert len({links.table, *links.players.values()}) == 3
    again = load_links(game, ["anna", "ben"])
    assert again == links  # the same links when served again
    os.chmod(kept, 0o644)
    load_links(game, ["anna", "ben"])
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600  # made owner-only again
    renewed = load_links(game, ["anna", "ben"], renew=True)  # --new-links
    assert renewed.table != links.table and renewed.players["anna"] != links.players["anna"]
    assert links.who(links.players["ben"]) == "ben" and links.who(links.table) == "" and links.who("x" * 32) is None


def test_a_players_line_is_saved_before_the_answer_with_its_events(game) -> None:
    app, host, links = app_for(game)
    with TestClient(app) as c:
        r = c.post(f"/p/{links.players['ben']}/act", json={"line": "go 9", "id": "r1"}, headers=JSON)
        assert r.status_code == 200
        body = r.json()
        assert body["ok"] is True and body["lines"] == ["ben go 9"]
        assert game.read_text(encoding="utf-8").rstrip().endswith("ben go 9")  # on disk when the phone is told
        assert body["events"] and all("kind" in e for e in body["events"])
        assert body["said"][0] == "ben go 9"
        state = c.get(f"/p/{links.players['ben']}/state").json()
        assert state["last_line"] == "ben go 9" and state["lines"] == 7 and state["can_undo"] is True


def test_another_players_line_and_the_tables_entries_are_refused_403_file_unchanged(game) -> None:
    app, host, links = app_for(game)
    before = game.read_bytes()
    with TestClient(app) as c:
        anna = f"/p/{links.players['anna']}/act"
        for line in ("ben go 9", "BEN go 9", "path food raft X", "placement 1:S", "task T1 T2", "fix anna money +5"):
            r = c.post(anna, json={"line": line}, headers=JSON)
            assert r.status_code == 403, line
            assert r.json()["ok"] is False and r.json()["refusal"]
        assert {v.split()[0] for v in ("path", "placement", "task", "fix")} <= set(TABLE_VERBS)
    assert game.read_bytes() == before


def test_a_refusal_is_one_line_with_its_ruling_and_leaves_the_file(game) -> None:
    app, host, links = app_for(game)
    before = game.read_bytes()
    with TestClient(app) as c:
        r = c.post(f"/p/{links.players['ben']}/act", json={"line": "go 2"}, headers=JSON)  # backwards: refused
        body = r.json()
        assert r.status_code == 200 and body["ok"] is False
        assert "\n" not in body["refusal"] and "R" in body["refusal"]
        r = c.post(f"/p/{links.players['ben']}/act", json={"line": "sing a song"}, headers=JSON)
        assert r.json()["ok"] is False and "\n" not in r.json()["refusal"]
    assert game.read_bytes() == before


def test_a_retried_request_is_answered_again_and_applied_once(game) -> None:
    app, host, links = app_for(game)
    with TestClient(app) as c:
        url = f"/p/{links.players['ben']}/act"
        first = c.post(url, json={"line": "go 9", "id": "same-id"}, headers=JSON).json()
        again = c.post(url, json={"line": "go 9", "id": "same-id"}, headers=JSON).json()
        assert first == again and first["ok"]
    assert game.read_text(encoding="utf-8").count("ben go 9") == 1


def test_requests_are_capped_typed_and_same_origin(game) -> None:
    app, host, links = app_for(game)
    url = f"/p/{links.players['ben']}/act"
    with TestClient(app) as c:
        r = c.post(url, content=json.dumps({"line": "go 9", "pad": "x" * 10_000}), headers=JSON)
        assert r.status_code == 413
        assert c.post(url, content="line=go+9", headers={"Content-Type": "application/x-www-form-urlencoded"}
                      ).status_code == 415
        assert c.post(url, content="[1]", headers=JSON).status_code == 400
        assert c.post(url, json={"line": "x" * 2000}, headers=JSON).status_code == 400
        r = c.post(url, json={"line": "go 9"}, headers={**JSON, "Origin": "http://evil.example"})
        assert r.status_code == 403 and "access-control-allow-origin" not in r.headers
        r = c.get(f"/p/{links.players['ben']}/state", headers={"Sec-Fetch-Site": "cross-site"})
        assert r.status_code == 403
        r = c.get(f"/p/{links.players['ben']}/state")
        assert r.headers["cache-control"] == "no-store" and r.headers["referrer-policy"] == "no-referrer"
        assert "default-src 'none'" in r.headers["content-security-policy"]
    assert "ben go 9" not in game.read_text(encoding="utf-8")


def test_state_keys_for_a_player_and_the_table_in_the_phones_language(game) -> None:
    app, host, links = app_for(game)
    with TestClient(app) as c:
        ben = c.get(f"/p/{links.players['ben']}/state").json()
        for key in ("format", "version", "lines", "lang", "header", "season", "step", "waiting", "todo", "mill",
                    "moves", "winter", "can_undo", "last_line", "viewer", "your_turn", "texts", "score"):
            assert key in ben, key
        assert ben["viewer"] == {"kind": "player", "name": "ben"} and ben["your_turn"] is True
        lines = {m["line"] for m in ben["moves"]}
        assert "ben go 9" in lines and all(line.startswith("ben ") for line in lines)
        priced = {m["line"]: m["price"] for m in ben["moves"]}
        assert priced["ben go 10 1"] == "-$1"  # the price before it is pressed (a woodcutter, R3)
        anna = c.get(f"/p/{links.players['anna']}/state").json()
        assert anna["moves"] == [] and anna["your_turn"] is False
        table = c.get(f"/t/{links.table}/state").json()
        for key in ("board", "path", "clearing", "moves_by_player", "table_entry", "mill"):
            assert key in table, key
        assert list(table["moves_by_player"]) == ["ben"] and table["mill"]["headers"] == ["", "anna", "ben"]
        ko = c.get(f"/p/{links.players['ben']}/state", headers={"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"}).json()
        assert ko["lang"] == "ko" and ko["texts"]["moves"] != ben["texts"]["moves"]
        assert c.get(f"/p/{links.players['ben']}/state?lang=ko").json()["lang"] == "ko"


def test_undo_own_last_line_only_and_the_table_asks_first(game) -> None:
    app, host, links = app_for(game)
    with TestClient(app) as c:
        ben, anna, table = (f"/p/{links.players['ben']}", f"/p/{links.players['anna']}", f"/t/{links.table}")
        assert c.post(ben + "/act", json={"line": "go 9"}, headers=JSON).json()["ok"]
        r = c.post(anna + "/undo", json={}, headers=JSON)  # the last line is ben's
        assert r.status_code == 409 and not r.json()["ok"]
        assert "ben go 9" in game.read_text(encoding="utf-8")
        r = c.post(ben + "/undo", json={"id": "u1"}, headers=JSON)
        assert r.json()["ok"] and r.json()["undone"] == "ben go 9"
        assert "ben go 9" not in game.read_text(encoding="utf-8")
        r = c.post(table + "/undo", json={}, headers=JSON)  # the table's undo asks first
        assert r.json()["ok"] is False and "anna go 5" in r.json()["confirm"]
        assert "anna go 5" in game.read_text(encoding="utf-8")
        r = c.post(table + "/undo", json={"confirm": True}, headers=JSON)
        assert r.json()["ok"] and r.json()["undone"] == "anna go 5"
        assert gamefile.read(game).actions[-1].text == "ben go 4 2"


def test_the_rules_lookup_answers_in_the_viewers_language(game) -> None:
    app, host, links = app_for(game)
    with TestClient(app) as c:
        found = c.get(f"/p/{links.players['anna']}/rules", params={"q": "R11"}).json()["topics"]
        assert found and any("R11" in t["rules"] for t in found)


def test_pages_and_assets_ship_in_the_package_and_fetch_nothing_from_outside(game) -> None:
    app, host, links = app_for(game)
    with TestClient(app) as c:
        base = f"/p/{links.players['anna']}"
        page = c.get(base).text
        assert f'src="{base}/assets/app.js"' in page and "http" not in page.replace('http-equiv', '')
        for name in ("app.js", "style.css"):
            text = c.get(f"{base}/assets/{name}").text
            assert "http://" not in text and "https://" not in text and "innerHTML" not in text
        assert c.get(f"{base}/assets/kr.ttf").content[:4] == b"\x00\x01\x00\x00"


def test_a_line_typed_with_lignum_do_reaches_an_open_events_stream(game) -> None:
    import httpx

    with live_server(game) as (base, links, host):
        url = f"{base}/p/{links.players['anna']}/events"
        with httpx.Client(timeout=30) as client, client.stream("GET", url) as stream:
            lines = stream.iter_lines()
            seen = _next_event(lines)
            assert seen["event"] == "hello"
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
            done = subprocess.run([sys.executable, "-m", "lignum_companion", "do", str(game), "ben go 9"],
                                  capture_output=True, text=True, env=env, timeout=60)
            assert done.returncode == 0, done.stderr
            news = _next_event(lines)
            assert news["event"] == "line"
            data = json.loads(news["data"])
            assert data["said"] == ["ben go 9"] and data["lines"] == 7
            assert news["id"] == data["version"]


def _next_event(lines) -> dict[str, str]:
    event: dict[str, str] = {}
    for line in lines:
        if not line:
            if "event" in event:
                return event
            continue
        key, _, value = line.partition(":")
        if key:
            event[key] = value.strip()
    return event


FINAL = re.compile(r"^#\s*final:\s*(\S+)\s+\$(-?\d+)\s*=", re.M)


@pytest.mark.parametrize("name", ["basic-2p.lignum", "expert-4p.lignum", "joinery-expert-3p.lignum"])
def test_a_whole_example_entered_through_the_links_ends_with_its_hand_worked_finals(tmp_path, name) -> None:
    """Every line of an example entered from its player's link (the name left out) or the table's link; the
    totals are the example's hand-worked `# final:` lines."""
    head, lines = example_lines(name)
    hand = {who: int(total) for who, total in FINAL.findall(example_path(name).read_text(encoding="utf-8"))}
    path = tmp_path / "whole.lignum"
    path.write_text(head, encoding="utf-8")
    app, host, links = app_for(path)
    players = list(links.players)
    with TestClient(app) as c:
        for i, line in enumerate(lines):
            first, _, rest = line.partition(" ")
            if first in players:
                url, sent = f"/p/{links.players[first]}/act", rest
            else:
                url, sent = f"/t/{links.table}/act", line
            body = c.post(url, json={"line": sent, "id": f"l{i}"}, headers=JSON).json()
            assert body["ok"], (i, line, body)
        final = c.get(f"/t/{links.table}/state").json()
    assert final["over"] is True and final["score"]["rows"]
    _, ours = gamefile.load(path)
    result = score(ours)
    assert hand and {r["name"]: r["total"] for r in result["players"]} == hand
    _, original = gamefile.load(example_path(name))
    assert result == score(original)


def example_path(name: str):
    from serve_helpers import EXAMPLES

    return EXAMPLES / name


def test_docs_serve_md_lists_every_key_of_the_state(game) -> None:
    """docs/serve.md names each key a page, script or test reads; the state holds exactly those."""
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "serve.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"\w+", " ".join(re.findall(r"`([^`]*)`", doc))))
    app, host, links = app_for(game)
    with TestClient(app) as c:
        for url in (f"/p/{links.players['ben']}/state", f"/t/{links.table}/state"):
            state = c.get(url).json()
            assert set(state) <= documented, set(state) - documented
            for move in state.get("moves", []):
                assert set(move) <= documented


def test_phones_and_a_terminal_entering_at_once_lose_no_line_and_apply_none_twice(tmp_path) -> None:
    """After woodcutting both players enter their own steps at once (R24): each phone posts its lines (every one
    sent twice with its id, as a retry after a dropped connection would), while a terminal runs `lignum do`."""
    import threading

    head, lines = example_lines("basic-2p.lignum")
    game = game_from(tmp_path, upto=22)  # both players cut: transport to drying, each at their own pace
    own = {name: [line.split(" ", 1)[1] for line in lines[22:30] if line.startswith(name + " ")]
           for name in ("anna", "ben")}
    terminal = own["anna"].pop()  # anna's last line comes from a terminal
    app, host, links = app_for(game)
    errors: list[object] = []
    with TestClient(app) as c:
        def phone(name: str) -> None:
            for i, line in enumerate(own[name]):
                for _ in range(2):
                    body = c.post(f"/p/{links.players[name]}/act", json={"line": line, "id": f"{name}{i}"},
                                  headers=JSON).json()
                    if not body["ok"]:
                        errors.append((name, line, body))

        threads = [threading.Thread(target=phone, args=(n,)) for n in own]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        done = subprocess.run([sys.executable, "-m", "lignum_companion", "do", str(game), f"anna {terminal}"],
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 0, done.stderr
    assert errors == []
    saved = [line.text for line in gamefile.read(game).actions]
    assert sorted(saved[22:]) == sorted(lines[22:30]) and saved[:22] == lines[:22]  # each once, none lost
    _, ours = gamefile.load(game)
    expected = gamefile.replay(gamefile.parse_text(head + "".join(x + "\n" for x in lines[:30])))
    assert [p.money for p in ours.players] == [p.money for p in expected.players]
    assert [p.wood for p in ours.players] == [p.wood for p in expected.players]


def test_a_typed_line_is_tried_before_it_is_sent_price_or_refusal_nothing_saved(game) -> None:
    app, host, links = app_for(game)
    before = game.read_bytes()
    with TestClient(app) as c:
        ben = f"/p/{links.players['ben']}"
        tried = c.post(ben + "/try", json={"line": "go 10 2"}, headers=JSON).json()
        assert tried["ok"] and tried["line"] == "ben go 10 2" and tried["price"] == "-$2" and tried["said"]
        refused = c.post(ben + "/try", json={"line": "go 2"}, headers=JSON).json()
        assert refused["ok"] is False and "(R" in refused["refusal"]
        assert c.post(ben + "/try", json={"line": "anna go 7"}, headers=JSON).status_code == 403
    assert game.read_bytes() == before


def test_a_page_reconnecting_with_an_older_last_event_id_is_told_it_is_behind(game) -> None:
    import httpx

    with live_server(game) as (base, links, host):
        url = f"{base}/p/{links.players['anna']}/events"
        with httpx.Client(timeout=30) as client:
            with client.stream("GET", url) as stream:
                hello = _next_event(stream.iter_lines())
            assert json.loads(hello["data"])["behind"] is False
            assert httpx.post(f"{base}/p/{links.players['ben']}/act", json={"line": "go 9"}, timeout=30).json()["ok"]
            with client.stream("GET", url, headers={"Last-Event-ID": hello["id"]}) as stream:
                again = _next_event(stream.iter_lines())
            data = json.loads(again["data"])
            assert data["behind"] is True and data["lines"] == 7 and again["id"] != hello["id"]


def test_a_phones_path_moves_say_what_lies_there_as_plays_travel_menu_does() -> None:
    """The phone's buttons said only `Go to: location 9`; they now say the token, the workers with their price, the
    task card and the planned work as `play`'s travel menu does (views/travel_words.py)."""
    from helpers import forward, start

    from lignum_companion.serve.state import moves_of

    g = start(2).game()
    forward(g, step="travel", round=1, who="anna")
    said = {m["line"]: m["words"] for m in moves_of(g, 0)}
    assert said["anna go 2"] == "location 2, raft"  # the path as laid: wagon raft saw food ...
    assert said["anna go 4 2"] == "location 4, 2 bearers for $2"
    assert said["anna go clearing"].startswith("end the trip: forest clearing")
    assert all("location" in w or "clearing" in w for line, w in said.items() if " go " in line)


@pytest.mark.parametrize(("lang", "said"), [("en", "2"), ("ko", "2")])  # under the verb's 'Cutting area
def test_a_cutting_area_button_names_the_area_not_a_location(lang, said) -> None:
    """The table page's area step read 'Cutting area: location 1' (a tryout's screenshot): an area is an area."""
    from helpers import PATHS, forward, start

    from lignum_companion.serve.state import moves_of
    from lignum_companion.texts import catalog

    g = start(2).then("path " + PATHS[2]).game()
    forward(g, step="area", round=2)  # the first round's areas come with the setup; round 2 chooses them
    catalog.choose(lang)
    try:
        moves = moves_of(g, g.player_index("anna"))
    finally:
        catalog.choose(None)
    words = [m["words"] for m in moves if m["verb"] == "area"]
    assert said in words and not any("location" in w or "칸" in w for w in words), words
