"""The cache of parsed templates (texts.py): never a stale text, and a broken or read-only cache only costs a parse."""

from __future__ import annotations

import builtins
import errno
import marshal
import os
import subprocess
import sys

import pytest

from lignum_companion.system import atomic
from lignum_companion.texts import catalog as texts


@pytest.fixture
def folders(monkeypatch, tmp_path):
    """A template folder of our own (en and ko) and an empty cache folder; the in-process caches cleared."""
    for lang, word in (("en", "wood"), ("ko", "나무")):
        (tmp_path / "templates" / lang).mkdir(parents=True)
        (tmp_path / "templates" / lang / "t.toml").write_text(f'word = "{word}"\n[sub]\nn = 1\n', encoding="utf-8")
    monkeypatch.setattr(texts, "TEMPLATES", tmp_path / "templates")
    monkeypatch.setenv(texts.ENV_CACHE, str(tmp_path / "cache"))
    texts._read.cache_clear()
    texts._load.cache_clear()
    yield tmp_path
    texts._read.cache_clear()
    texts._load.cache_clear()


def _fresh(lang: str = "ko", name: str = "t") -> dict:
    """Read a template as a new process would (the in-process memo forgotten, the cache folder kept)."""
    texts._read.cache_clear()
    return texts._read(lang, name)


def _no_tomllib(monkeypatch) -> None:
    """Make `import tomllib` fail, so a read that still works came from the cache."""
    monkeypatch.setitem(sys.modules, "tomllib", None)


def test_a_read_fills_the_cache_and_the_next_read_needs_no_parser(folders, monkeypatch) -> None:
    assert _fresh("en") == {"word": "wood", "sub": {"n": 1}}
    assert _fresh() == {"word": "나무", "sub": {"n": 1}}
    spot = texts.cache_file(folders / "templates" / "ko" / "t.toml")
    assert spot.is_file() and spot.is_relative_to(folders / "cache")
    _no_tomllib(monkeypatch)
    assert _fresh() == {"word": "나무", "sub": {"n": 1}}
    assert texts.load("t", "ko")["word"] == "나무"


def test_an_edited_template_is_never_shown_stale_even_with_the_same_size_and_time(folders, monkeypatch) -> None:
    path = folders / "templates" / "ko" / "t.toml"
    assert _fresh()["word"] == "나무"
    before = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace("나무", "장작"), encoding="utf-8")  # same byte count
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns
    assert _fresh()["word"] == "장작"
    _no_tomllib(monkeypatch)  # and the cache now holds the new text
    assert _fresh()["word"] == "장작"


@pytest.mark.parametrize("junk", [
    b"",  # empty (a writer that died before writing)
    b"\x00\xffnot marshal at all",
    marshal.dumps((texts.CACHE_FORMAT, b'word = "x"\n', {"word": "x"}))[:-3],  # truncated
    marshal.dumps(["a", "list"]),  # another shape
    marshal.dumps((texts.CACHE_FORMAT + 1, None, {})),  # another format
], ids=["empty", "garbage", "truncated", "shape", "format"])
def test_a_corrupt_cache_file_is_parsed_again_and_replaced(folders, monkeypatch, junk) -> None:
    spot = texts.cache_file(folders / "templates" / "ko" / "t.toml")
    spot.parent.mkdir(parents=True)
    spot.write_bytes(junk)
    assert _fresh() == {"word": "나무", "sub": {"n": 1}}
    _no_tomllib(monkeypatch)
    assert _fresh() == {"word": "나무", "sub": {"n": 1}}


def test_a_cache_entry_made_for_other_bytes_is_not_used(folders) -> None:
    """Someone else's entry (a copied cache folder, another checkout at the same path) is checked byte for byte."""
    spot = texts.cache_file(folders / "templates" / "ko" / "t.toml")
    spot.parent.mkdir(parents=True)
    spot.write_bytes(texts._sealed(marshal.dumps((texts.CACHE_FORMAT, b'word = "old"\n', {"word": "old"}))))
    assert _fresh()["word"] == "나무"  # sealed and whole, but made from other bytes


def test_a_cache_that_cannot_be_written_only_costs_the_parse(folders, monkeypatch) -> None:
    blocker = folders / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(texts.ENV_CACHE, str(blocker / "cache"))  # mkdir fails here, as on a read-only disk
    for _ in range(2):
        assert _fresh() == {"word": "나무", "sub": {"n": 1}}
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_a_read_only_cache_folder_is_read_but_never_written(folders, monkeypatch) -> None:
    """As on a read-only disk (simulated: the tests may run as root, who writes anywhere): every new file fails."""
    assert _fresh()["word"] == "나무"

    def read_only_open(file, mode="r", *args, **kwargs):
        if "x" in mode or "w" in mode:
            raise OSError(errno.EROFS, "Read-only file system", str(file))
        return builtins.open(file, mode, *args, **kwargs)

    monkeypatch.setattr(texts, "open", read_only_open, raising=False)

    def read_only_mkstemp(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(atomic.tempfile, "mkstemp", read_only_mkstemp)  # the cache is written by atomic.write
    with monkeypatch.context() as m:
        _no_tomllib(m)
        assert _fresh()["word"] == "나무"  # a warm read-only cache (e.g. made at install time) still serves
    path = folders / "templates" / "ko" / "t.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("나무", "장작"), encoding="utf-8")
    for _ in range(2):
        assert _fresh()["word"] == "장작"  # a stale entry that cannot be replaced: parsed each time, never shown
    assert [p.name for p in (folders / "cache").rglob("*") if p.is_file()] == ["t.toml.marshal"]


def test_off_keeps_no_cache_and_a_toml_date_is_parsed_every_time(folders, monkeypatch) -> None:
    (folders / "templates" / "en" / "d.toml").write_text("when = 2026-11-30\n", encoding="utf-8")
    assert str(_fresh("en", "d")["when"]) == "2026-11-30"  # marshal cannot hold a date: not cached, still read
    assert not (folders / "cache").exists() or not list((folders / "cache").rglob("d.toml.marshal"))
    monkeypatch.setenv(texts.ENV_CACHE, "off")
    assert texts.cache_folder() is None
    assert _fresh("ko", "t")["word"] == "나무"
    assert not (folders / "cache").exists() or not list((folders / "cache").rglob("*.marshal"))


def test_the_user_cache_folder_needs_an_absolute_place(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv(texts.ENV_CACHE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    folder = texts.cache_folder()
    assert folder is not None and folder.is_absolute()
    if sys.platform.startswith("linux"):
        assert folder.is_relative_to(tmp_path / "lignum-companion")
        monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # the XDG rule: ignore a relative path
        assert texts.cache_folder() == tmp_path / "home" / ".cache" / "lignum-companion" / folder.name


def test_processes_filling_the_cache_at_once_all_read_the_right_text(folders) -> None:
    """Several runs starting together with an empty cache: each writes its own file and renames it over."""
    code = ("import sys; from pathlib import Path; from lignum_companion.texts import catalog as texts; "
            "texts.TEMPLATES = Path(sys.argv[1]); print(texts.load('t', 'ko')['word'])")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(folders / "templates")], env=env,
                              stdout=subprocess.PIPE, text=True, encoding="utf-8") for _ in range(4)]
    assert [p.communicate(timeout=60)[0].strip() for p in procs] == ["나무"] * 4
    cache = folders / "cache"
    assert sorted(p.name for p in cache.rglob("*") if p.is_file()) == ["t.toml.marshal", "t.toml.marshal"]
    assert marshal.loads(texts.cache_file(folders / "templates" / "ko" / "t.toml").read_bytes())[2]["word"] == "나무"


def test_korean_help_with_a_warm_cache_imports_no_toml_parser(tmp_path) -> None:
    """What the start-up budget rests on (benchmarks/bench_cli.py): `lignum --help` in Korean parses nothing."""
    code = ("import sys, io; from lignum_companion.cli.app import app; sys.argv = ['lignum', '--help']; "
            "sys.stdout = io.StringIO()\ntry:\n    app()\nexcept SystemExit:\n    pass\n"
            "sys.stdout = sys.__stdout__; print('tomllib' in sys.modules, 'string' in sys.modules)")
    env = dict(os.environ, LIGNUM_LANG="ko", **{texts.ENV_CACHE: str(tmp_path / "cache")})
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    again = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert first.stdout.split()[0] == "True"  # an empty cache: parsed once, and kept
    assert again.stdout.split() == ["False", "False"]  # neither the parser nor `string` (which tomllib imports)
    assert list((tmp_path / "cache").rglob("help.toml.marshal"))


# --- issue 33 items 1 and 2: a damaged entry is parsed again; a cache file is read as a regular file only ----------




def _spot(folders):
    return texts.cache_file(folders / "templates" / "ko" / "t.toml")


def test_item1_every_one_byte_change_of_an_entry_is_parsed_again_never_shown(folders, monkeypatch) -> None:
    """Only the source bytes were compared: a byte changed inside the parsed data ('나무' -> garbled, a number
    changed, a key renamed) was shown as it was. The seal covers the whole entry."""
    truth = {"word": "나무", "sub": {"n": 1}}
    assert _fresh() == truth
    spot = _spot(folders)
    whole = spot.read_bytes()
    for i in range(len(whole)):
        for flip in (0x01, 0x80):
            damaged = bytearray(whole)
            damaged[i] ^= flip
            spot.write_bytes(bytes(damaged))
            assert _fresh() == truth, (i, flip)
            assert spot.read_bytes() == whole  # and the entry is written whole again
    _no_tomllib(monkeypatch)
    assert _fresh() == truth


def test_item1_an_entry_whose_data_was_changed_by_hand_is_not_trusted(folders) -> None:
    """The old format held the source and the data side by side: the same source with other data was used."""
    spot = _spot(folders)
    spot.parent.mkdir(parents=True)
    source = (folders / "templates" / "ko" / "t.toml").read_bytes()
    spot.write_bytes(marshal.dumps((texts.CACHE_FORMAT, source, {"word": "expected '}'"})))  # no seal
    assert _fresh()["word"] == "나무"
    spot.write_bytes(texts._sealed(marshal.dumps((texts.CACHE_FORMAT, source, {"word": "sealed"}))))
    assert _fresh()["word"] == "sealed"  # (a whole, sealed entry for these bytes is what the cache is for)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_item2_a_pipe_in_place_of_a_cache_file_never_hangs(folders, no_hang) -> None:
    spot = _spot(folders)
    spot.parent.mkdir(parents=True)
    os.mkfifo(spot)
    assert _fresh() == {"word": "나무", "sub": {"n": 1}}


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs links")
def test_item2_a_cache_file_is_never_read_through_a_link(folders, tmp_path, no_hang) -> None:
    spot = _spot(folders)
    spot.parent.mkdir(parents=True)
    source = (folders / "templates" / "ko" / "t.toml").read_bytes()
    elsewhere = tmp_path / "elsewhere.marshal"
    linked = texts._sealed(marshal.dumps((texts.CACHE_FORMAT, source, {"word": "linked"})))
    elsewhere.write_bytes(linked)
    spot.symlink_to(elsewhere)
    assert _fresh()["word"] == "나무"  # a whole entry for these very bytes, but behind a link: not read
    assert elsewhere.read_bytes() == linked  # nor written through
    spot.unlink()
    spot.symlink_to("/dev/zero")  # was read until memory ran out
    assert _fresh()["word"] == "나무"


def test_item2_a_cache_file_over_the_cap_is_not_read(folders, monkeypatch) -> None:
    assert _fresh()["word"] == "나무"
    spot = _spot(folders)
    monkeypatch.setattr(texts, "CACHE_BYTES", spot.stat().st_size - 1)
    reads = []
    real = texts.read_regular
    monkeypatch.setattr(texts, "read_regular", lambda p, cap: reads.append(cap) or real(p, cap))
    with monkeypatch.context() as m:
        _no_tomllib(m)
        with pytest.raises(Exception):  # noqa: B017, PT011 - over the cap: not used, so the parser is needed
            _fresh()
    assert reads and reads[-1] == spot.stat().st_size - 1


CACHE_OBSTACLES = ("missing", "junk", "flipped", "truncated", "link out", "link to zero", "dangling link", "folder",
                   "fifo", "huge", "foreign")


def _plant_cache(spot, kind: str, whole: bytes, outside) -> None:
    """Put an obstacle of `kind` at a cache file's name (what a full disk, a sync tool or a prank leaves there)."""
    import random

    from helpers import plant_obstacle

    if plant_obstacle(spot, kind, outside):  # links, a folder, a FIFO: as the side files' harness plants them
        return
    rng = random.Random(len(whole) + len(kind))
    if kind == "junk":
        spot.write_bytes(bytes(rng.randrange(256) for _ in range(64)))
    elif kind == "flipped":
        damaged = bytearray(whole)
        damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        spot.write_bytes(bytes(damaged))
    elif kind == "truncated":
        spot.write_bytes(whole[: rng.randrange(len(whole))])
    elif kind == "huge":
        with open(spot, "wb") as f:
            f.truncate(texts.CACHE_BYTES + 1)  # sparse: no disk used
    elif kind == "foreign":
        spot.write_bytes(texts._sealed(marshal.dumps((texts.CACHE_FORMAT, b"other", {"word": "foreign"}))))


def test_text_cache_fuzz_harness_damaged_linked_and_piped_entries(tmp_path, monkeypatch, no_hang) -> None:
    """The real templates behind a cache whose files are replaced, in turn, by every kind of obstacle: commands
    show the right texts, never hang, never read through a link, and the cache mends itself."""
    from helpers import make_setup
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app
    from lignum_companion.gamefile import store as gamefile

    if not hasattr(os, "symlink"):
        pytest.skip("needs links")
    game = tmp_path / "g.lignum"
    gamefile.save(gamefile.new_file(make_setup(2)), game)
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"precious")
    cache = tmp_path / "cache"
    monkeypatch.setenv(texts.ENV_CACHE, str(cache))
    runner = CliRunner()

    def run(lang: str) -> str:
        texts._read.cache_clear()
        texts._load.cache_clear()
        r = runner.invoke(app, ["next", str(game), "--lang", lang])
        assert r.exit_code == 0 and "internal error" not in r.output and "Traceback" not in r.output, r.output
        return r.output

    clean = {lang: run(lang) for lang in ("en", "ko")}
    entries = sorted(p for p in cache.rglob("*.marshal") if p.is_file())
    assert len(entries) >= 6
    wholes = {p: p.read_bytes() for p in entries}
    import random

    rng = random.Random(33)
    for _ in range(30):
        for spot in rng.sample(entries, 4):
            _plant_cache(spot, rng.choice(CACHE_OBSTACLES), wholes[spot], outside)
        lang = rng.choice(("en", "ko"))
        assert run(lang) == clean[lang]
        assert outside.read_bytes() == b"precious"
    for spot in entries:  # the obstacles that can be replaced were replaced by whole entries again
        if spot.is_file() and not spot.is_symlink():
            assert texts._unsealed(spot.read_bytes()) is not None
