"""`lignum serve` in a real browser (Debian's chromium driven by playwright): two players' phones and the table's
page play the first round at once, a refusal is shown, and a page catches up after a reload (issue 30).

Skipped with its reason where chromium or playwright is missing (`.ci/run` installs both); never downloads a
browser. Bound to 127.0.0.1 only.
"""

from __future__ import annotations

import os
import shutil

import pytest
from serve_helpers import example_lines, live_server

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
ANNA = "<i>anna</i>"  # a name with markup: it must show as typed, never as markup

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it)")


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _round_one(tmp_path):
    """basic-2p with anna renamed, at its start; and the lines of its first round."""
    head, lines = example_lines("basic-2p.lignum")
    cut = next(i for i, line in enumerate(lines) if i and line.startswith("path "))
    path = tmp_path / "round.lignum"
    path.write_text(head.replace("anna", ANNA), encoding="utf-8")
    return path, [line.replace("anna", ANNA) for line in lines[:cut]]


def _enter(page, line: str, name: str | None) -> None:
    """Press the move's button when the page offers it, else type the line (the name left out on a phone)."""
    button = page.locator(f'button.move[data-line="{line}"]')
    if button.count():
        button.first.click()
        return
    typed = line[len(name) + 1:] if name and line.startswith(name + " ") else line
    page.fill("#line", typed)
    page.click("#send")


def _shows(page, lines) -> None:
    """Wait until the page shows the file with this many lines (a selector: the pages' policy forbids eval)."""
    page.locator(f'body[data-lines="{lines}"]').wait_for(timeout=10_000)


def test_two_phones_and_the_table_play_a_round_at_once(browser, tmp_path) -> None:
    path, lines = _round_one(tmp_path)
    with live_server(path) as (base, links, host):
        pages = {}
        for who, link in ((ANNA, f"/p/{links.players[ANNA]}"), ("ben", f"/p/{links.players['ben']}"),
                          ("table", f"/t/{links.table}")):
            page = browser.new_page(viewport=PHONE)
            page.on("dialog", lambda d: d.accept())
            page.goto(base + link)
            _shows(page, '0')
            pages[who] = page
        assert pages[ANNA].locator("#title").text_content().startswith(ANNA)  # shown as typed
        assert pages[ANNA].locator("header i").count() == 0  # never as markup

        pressed = 0
        for n, line in enumerate(lines, start=1):
            first = line.split(" ", 1)[0]
            who = first if first in (ANNA, "ben") else "table"
            before = pages[who].locator(f'button.move[data-line="{line}"]').count()
            pressed += before > 0
            _enter(pages[who], line, who if who != "table" else None)
            for page in pages.values():  # every page shows the accepted line, whoever entered it
                _shows(page, n)
        assert pressed >= len(lines) // 2  # most moves were buttons from the engine's legal actions
        assert path.read_text(encoding="utf-8").rstrip().endswith(lines[-1])

        ben = pages["ben"]  # a refusal is one line with its ruling, and changes nothing
        ben.fill("#line", "dry F")
        ben.click("#send")
        ben.wait_for_selector("#refusal:not([hidden])")
        refusal = ben.locator("#refusal").text_content()
        assert "(R" in refusal and "\n" not in refusal
        assert ben.evaluate("document.body.dataset.lines") == str(len(lines))

        table = pages["table"]  # the table's undo asks first (the dialog is accepted), then every page follows
        table.click("#undo")
        for page in pages.values():
            _shows(page, len(lines) - 1)

        ben.close()  # a phone away while the table enters a line catches up when it is opened again
        _enter(table, lines[-1], None)
        _shows(table, len(lines))
        again = browser.new_page(viewport=PHONE)
        again.goto(base + f"/p/{links.players['ben']}")
        _shows(again, len(lines))
        pages[ANNA].reload()
        _shows(pages[ANNA], len(lines))
        for page in [*pages.values(), again]:
            if not page.is_closed():
                page.close()


def test_a_phone_that_lost_its_network_catches_up_when_it_is_back(browser, tmp_path) -> None:
    import httpx
    from serve_helpers import game_from

    game = game_from(tmp_path)
    with live_server(game) as (base, links, host):
        phone = browser.new_context(viewport=PHONE)
        page = phone.new_page()
        page.goto(base + f"/p/{links.players['anna']}")
        _shows(page, 6)
        phone.set_offline(True)  # the line is entered while the phone cannot read the state
        assert httpx.post(base + f"/p/{links.players['ben']}/act", json={"line": "go 9"}, timeout=30).json()["ok"]
        page.wait_for_timeout(500)
        phone.set_offline(False)
        _shows(page, 7)
        assert "ben go 9" in page.locator("#news").text_content()
        phone.close()


def test_pieces_counted_out_with_plus_show_their_price_then_sell(browser, tmp_path) -> None:
    from serve_helpers import game_from

    game = game_from(tmp_path, upto=28)  # anna sells next: `anna sell sale:F+2mF` in the example
    with live_server(game) as (base, links, host):
        page = browser.new_page(viewport=PHONE)
        page.goto(base + f"/p/{links.players['anna']}")
        _shows(page, 28)
        sell = page.locator(".counter").filter(has=page.locator("code")).first
        plus = sell.locator("button.step", has_text="+")
        plus.nth(0).click()  # one firewood
        plus.nth(1).click()  # two milled firewood
        plus.nth(1).click()
        assert sell.locator("code").text_content() == "anna sell sale:F+2mF"
        sell.locator("p.ok").wait_for()  # tried on a copy: its price before it is sent
        assert sell.locator("p.ok").text_content().startswith("+$")
        sell.locator("button.move").click()
        _shows(page, 29)
        assert game.read_text(encoding="utf-8").rstrip().endswith("anna sell sale:F+2mF")
        page.close()
