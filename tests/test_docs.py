"""The repository's documents stand alone and match the code: no file cites a document outside
the repository, every document under docs/ or README section a file cites exists (and every
section a document's links within itself name), every file a document names and every
``mjsim.`` name it gives exist, every command line its shell blocks show is one the command
takes, the element table of docs/rules.md is the element data, and the README's Layout table
names every module.

Run as ``python -m tests.test_docs`` to print the element table docs/rules.md should hold.
"""

from __future__ import annotations

import contextlib
import glob
import importlib
import io
import itertools
import re
import shlex
import subprocess
import tomllib
from pathlib import Path

import pytest

from mjsim.ui.cli import build_parser
from mjsim_core.elements import BY_NUMBER, Element, excludes, points

ROOT = Path(__file__).resolve().parent.parent
# Written in pieces so that this file does not cite them itself.
OUTSIDE = re.compile("|".join(re.escape(name) for name in (
    "design" + ".md", "mcr" + "-rules", "../" + "shared", "style" + ".md")))
CITED = re.compile(r"(?<![\w/.])((?:\.\./)?(?:docs/)?[\w-]+\.md)(?:#([\w-]+))?")


def tracked() -> list[Path]:
    """The text files git tracks (the test needs a git checkout)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                                check=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    suffixes = {".py", ".pyx", ".pxd", ".pyi", ".md", ".toml", ".cfg", ".txt", ".ipynb", ".yml",
                ".yaml", ".json", ".jsonl", ".tsv", ".sh", ""}
    return [ROOT / name for name in listed.split("\0")
            if name and Path(name).suffix in suffixes and (ROOT / name).is_file()]


def anchors(path: Path) -> set[str]:
    """The section anchors GitHub makes of a Markdown file's headings."""
    slugs = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            slugs.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return slugs


def test_no_file_cites_a_document_outside_the_repository() -> None:
    bad = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
           for path in tracked()
           for number, line in enumerate(path.read_text(encoding="utf-8",
                                                        errors="replace").splitlines(), 1)
           if OUTSIDE.search(line)]
    assert not bad, "\n".join(bad)


def test_every_cited_document_and_section_exists() -> None:
    bad = []
    for path in tracked():
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in CITED.finditer(text):
            name, section = match.groups()
            in_docs = path.parent == ROOT / "docs"
            if in_docs and not name.startswith("docs/"):  # a link from one doc to another
                target = path.parent / name
            elif "/" in name or name == "README.md":
                target = ROOT / name
            else:  # a file's own name in passing, not a citation
                continue
            where = f"{path.relative_to(ROOT)}: {match.group(0)}"
            if not target.is_file():
                bad.append(f"{where}: no such file")
            elif section is not None and section not in anchors(target):
                bad.append(f"{where}: no such section")
    assert not bad, "\n".join(bad)


def test_every_link_within_a_document_names_one_of_its_sections() -> None:
    bad = [f"{path.relative_to(ROOT)}: #{section}"
           for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
           for section in re.findall(r"\]\(#([\w-]+)\)", path.read_text(encoding="utf-8"))
           if section not in anchors(path)]
    assert not bad, "no such section:\n" + "\n".join(bad)


def documents() -> list[Path]:
    """The README and docs/, but the benchmark history, whose sittings name the trees of then."""
    return [ROOT / "README.md"] + [path for path in sorted((ROOT / "docs").glob("*.md"))
                                   if path.name != "benchmark-history.md"]


# A path in the repository: a top folder, then any path characters; a word in capitals
# (``NAME.py``) is a placeholder, a ``*`` a pattern.
REPOSITORY_PATH = re.compile(
    r"(?<![\w./-])((?:mjsim|mjsim_core|tests|scripts|notebooks|docs|\.ci)/[\w./*-]*)")


def test_every_file_a_document_names_exists() -> None:
    bad = []
    for path in documents():
        for name in REPOSITORY_PATH.findall(path.read_text(encoding="utf-8")):
            name = name.rstrip(".")
            if re.search(r"(^|/)[A-Z]+(\.\w+)?(/|$)", name):
                continue
            if not glob.glob(str(ROOT / name), recursive=True):
                bad.append(f"{path.relative_to(ROOT)}: {name}")
    assert not bad, "no such file:\n" + "\n".join(bad)


def _resolves(name: str) -> bool:
    """Whether the dotted ``name`` is a module of mjsim or a name in one, however deep."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


def test_every_mjsim_name_a_document_gives_exists() -> None:
    named = {(path.relative_to(ROOT), name.rstrip("."))
             for path in documents()
             for code in re.findall(r"`([^`]*)`", path.read_text(encoding="utf-8"))
             for name in re.findall(r"\bmjsim(?:_core)?(?:\.\w+)+", code)}
    bad = [f"{path}: {name}" for path, name in sorted(named) if not _resolves(name)]
    assert not bad, "no such module or name:\n" + "\n".join(bad)


def shell_commands(text: str) -> list[str]:
    """The ``mjsim`` command lines of a document's ```sh blocks, one a command: continued
    lines joined, comments and the other commands of a ``&&`` chain left out."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL):
        for line in block.replace("\\\n", " ").splitlines():
            for command in line.split(" #", 1)[0].split("&&"):
                if command.strip().startswith("mjsim "):
                    commands.append(command.strip())
    return commands


def test_shell_commands_reads_a_block() -> None:
    text = "```sh\npip install . && mjsim ladder --jobs 2\nmjsim table 3,3,2,1 \\\n" \
           "    --walls 4   # four walls\n```\n`mjsim prose`"
    assert [command.split() for command in shell_commands(text)] == [
        ["mjsim", "ladder", "--jobs", "2"], ["mjsim", "table", "3,3,2,1", "--walls", "4"]]


@pytest.mark.parametrize("document", documents(), ids=lambda path: path.name)
def test_every_command_line_shown_is_one_the_command_takes(document: Path) -> None:
    """Each command of a shell block parses, and passes the checks argparse cannot make alone
    (what ``mjsim`` runs before the command's work), so no option, value or bound shown is one
    the program refuses."""
    bad = []
    for command in shell_commands(document.read_text(encoding="utf-8")):
        refusal = io.StringIO()
        try:
            with contextlib.redirect_stderr(refusal):
                args = build_parser().parse_args(shlex.split(command)[1:])
                if hasattr(args, "check"):
                    args.check(args)
        except SystemExit:
            bad.append(f"{command}\n  {refusal.getvalue().strip()}")
    assert not bad, "\n".join(bad)


def _scope(element: Element) -> str:
    if element.scope in ("chows", "pungs"):
        return f"{element.arity} {element.scope}"
    return {"hand": "hand", "rest": "nothing else", "bonus": "per flower"}[element.scope]


def _points(number: int) -> str:
    book, gb = points(number, "green-book"), points(number, "gb-mahjong")
    return str(book) if book == gb else f"{book} (gb-mahjong {gb})"


def _excluded(element: Element) -> str:
    book = sorted(excludes(element.number, "green-book"))
    gb = sorted(excludes(element.number, "gb-mahjong"))
    words = ", ".join(map(str, book)) or "-"
    if gb != book:
        words += f"; gb-mahjong {', '.join(map(str, gb))}"
    if element.absorbs:
        words += f"; for its own sets {', '.join(map(str, element.absorbs))}"
    return words


def element_table() -> list[str]:
    """The element table of docs/rules.md, one line a row, from :mod:`mjsim_core.elements`."""
    lines = ["| # | element | points | reads | what | not counted with |",
             "|---|---|---|---|---|---|"]
    lines.extend(f"| {e.number} | {e.name} | {_points(e.number)} | {_scope(e)} | {e.sentence} "
                 f"| {_excluded(e)} |" for _, e in sorted(BY_NUMBER.items()))
    return lines


def test_the_element_table_of_the_rules_is_the_element_data() -> None:
    lines = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines()
    start = lines.index(element_table()[0]) if element_table()[0] in lines else len(lines)
    table = list(itertools.takewhile(lambda line: line.startswith("|"), lines[start:]))
    assert table == element_table(), "docs/rules.md's element table should be:\n" + "\n".join(
        element_table())


@pytest.mark.parametrize("document", ["README.md", "docs/architecture.md"])
def test_the_layer_tables_list_the_layers_top_first(document: str) -> None:
    """Each table of layers lists them in the order of import-linter's layers contract (a layer
    imports only those below it), the README's ``__main__`` row aside."""
    contract = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(c["layers"] for c in contract["tool"]["importlinter"]["contracts"]
                  if c["type"] == "layers")
    rows = re.findall(r"^\| `(mjsim[\w/.]*)` \|", (ROOT / document).read_text(encoding="utf-8"),
                      re.MULTILINE)
    shown = [row.rstrip("/").removesuffix(".py").replace("/", ".") for row in rows
             if row != "mjsim/__main__.py"]
    assert shown == layers


def _layout_rows() -> dict[str, str]:
    """The README's Layout table: folder -> its modules cell; and the reference paragraph."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in layout.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`mjsim"):
            rows[cells[0].strip("`")] = cells[2]
    reference = next(p for p in layout.split("\n\n") if "`mjsim/reference/`" in p)
    rows["mjsim/reference/"] = reference.split("holds", 1)[1].split("; no production")[0]
    return rows


def _named(cell: str) -> dict[str, set[str]]:
    """The modules a cell names, by subfolder ("" for the folder itself): the backticked words
    outside parentheses, and those inside the parentheses after a ``folder/`` word."""
    named: dict[str, set[str]] = {"": set()}
    depth, folder = 0, ""
    for token in re.findall(r"`[^`]+`|\(|\)", cell):
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
            folder = folder if depth else ""
        elif depth == 0 or folder:
            word = token.strip("`")
            if depth == 0 and word.endswith("/"):
                folder = word.rstrip("/")
                named.setdefault(folder, set())
            elif re.fullmatch(r"_?[a-z][a-z0-9_]*(\.pxd)?", word):
                named[folder if depth else ""].add(word.removesuffix(".pxd"))
    return named


def _modules(folder: Path) -> set[str]:
    names = {p.stem for p in folder.iterdir()
             if p.suffix in (".py", ".pyx") or p.name == "_types.pxd"}
    names |= {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
    return names - {"__init__"}


@pytest.mark.parametrize("folder", ["mjsim/ui/", "mjsim/tournament/", "mjsim/players/",
                                    "mjsim/game/", "mjsim/scoring/", "mjsim/learn/",
                                    "mjsim/analysis/", "mjsim/tiles/", "mjsim_core/",
                                    "mjsim/reference/"])
def test_the_readme_layout_names_every_module(folder: str) -> None:
    named = _named(_layout_rows()[folder])
    for sub, modules in named.items():
        path = ROOT / folder / sub
        present = _modules(path) - (set(named) - {""} if not sub else set())
        assert modules == present, (
            f"README's Layout row for {folder}{sub}: missing {sorted(present - modules)}, "
            f"stale {sorted(modules - present)}")


if __name__ == "__main__":
    print("\n".join(element_table()))
