"""Player specs: rungs, classes by module and by file, plugins, Botzone programs; options and
ideas; every refusal names the spec."""

import dataclasses
import hashlib
import importlib.metadata
import re
import shutil
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from mjsim.players import Player, Rung, specs
from mjsim.players.specs import describe, load_player, parse_spec, player_ideas, with_off
from tests.players.bots.greedy import Greedy

GREEDY_FILE = Path(__file__).parent / "bots" / "greedy.py"


def test_a_rung_spec_is_a_rung_with_ideas_off():
    player = load_player("3-planning-defence")
    assert player == Rung(3, frozenset({"defence", "planning"}))
    assert str(parse_spec("3-planning-defence")) == "3-defence-planning"
    assert isinstance(player, Player) and player.name == "3-defence-planning"
    assert player_ideas("2") == ("shanten", "claims")


def test_a_class_by_module_and_by_file_with_ideas_off_and_options():
    by_module = load_player("tests.players.bots.greedy:Greedy-claims")
    by_file = load_player(f"{GREEDY_FILE}:Greedy")
    assert type(by_module).__name__ == type(by_file).__name__ == "Greedy"
    assert not by_module.claims and by_file.claims
    assert player_ideas(f"{GREEDY_FILE}:Greedy") == ("claims",)
    spec = parse_spec("pkg.mod:Bot-claims?depth=2&bold=true&word=hi&rate=0.5")
    assert spec.options == (("bold", True), ("depth", 2), ("rate", 0.5), ("word", "hi"))
    assert parse_spec(str(spec)) == spec


def test_options_reach_the_class(tmp_path):
    (tmp_path / "bot.py").write_text(
        "class Bot:\n"
        "    ideas = ()\n"
        "    def __init__(self, depth=1):\n"
        "        self.name, self.depth = 'bot', depth\n"
        "    def act(self, view):\n"
        "        return view.legal[0]\n")
    assert load_player(f"{tmp_path / 'bot.py'}:Bot?depth=3").depth == 3
    # Was "cannot build player ...: Bot.__init__() got an unexpected keyword argument 'width'"
    with pytest.raises(ValueError, match=r"^bad player spec .*bot\.py:Bot\?width=3: Bot takes "
                                         "the option depth, not width$"):
        load_player(f"{tmp_path / 'bot.py'}:Bot?width=3")


@pytest.mark.parametrize(("spec", "said"), [
    ("learned?foo=1", "learned takes the option model, not foo"),
    ("learned?foo=1&bar=x", "learned takes the option model, not bar, foo"),
    (f"{GREEDY_FILE}:Greedy?depth=2", "Greedy takes no options, not depth"),
])
def test_an_option_a_player_does_not_take_is_named_with_those_it_takes(spec, said):
    # Were Python's "Learned.__init__() got an unexpected keyword argument 'foo'"
    with pytest.raises(ValueError, match=f"^bad player spec .*: {said}$"):
        load_player(spec)


def test_a_player_taking_any_option_is_built_with_them(tmp_path):
    (tmp_path / "bot.py").write_text(
        "class Bot:\n"
        "    def __init__(self, **options):\n"
        "        self.name, self.options = 'bot', options\n"
        "    def act(self, view):\n"
        "        return view.legal[0]\n")
    assert load_player(f"{tmp_path / 'bot.py'}:Bot?width=3").options == {"width": 3}


def test_a_plugin_is_found_by_its_entry_point_name(monkeypatch):
    point = EntryPoint(name="my-bot", value="tests.players.bots.greedy:Greedy",
                       group=specs.PLUGIN_GROUP)
    monkeypatch.setattr(specs, "entry_points", lambda group: [point] if group == specs.PLUGIN_GROUP
                        else [])
    read = specs.installed_plugins.__wrapped__()  # what a process reads at its first spec
    assert read == {"my-bot": point}
    monkeypatch.setattr(specs, "installed_plugins", lambda: read)
    player = load_player("my-bot-claims")
    assert isinstance(player, Greedy) and not player.claims
    assert parse_spec("my-bot-claims") == specs.Spec("plugin", "my-bot", ("claims",))
    assert describe("my-bot")["value"] == "tests.players.bots.greedy:Greedy"


def test_the_installed_plugins_are_read_once_a_process(monkeypatch):
    assert "learned" in specs.installed_plugins()  # mjsim's own, installed with it
    monkeypatch.setattr(specs, "entry_points", lambda group: [])
    assert "learned" in specs.installed_plugins()  # not read again


def test_a_botzone_spec_keeps_its_whole_command():
    spec = parse_spec("botzone?io=simple&time_limit=2:/opt/bot --fast, or not")
    assert spec.kind == "botzone" and spec.target == "/opt/bot --fast, or not"
    assert spec.options == (("io", "simple"), ("time_limit", 2))
    assert str(spec) == "botzone?io=simple&time_limit=2:/opt/bot --fast, or not"
    assert spec.runs_code and not parse_spec("3").runs_code


def test_a_botzone_commands_relative_paths_are_made_absolute_where_it_is_read(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "x.py").write_text("print('hi')\n")
    (tmp_path / "weights.bin").write_bytes(b"w")
    spec = parse_spec("botzone?memory_limit=512:python3 bots/x.py weights.bin --fast key=v")
    assert spec.target == (f"python3 {tmp_path}/bots/x.py {tmp_path}/weights.bin --fast key=v")
    assert parse_spec("botzone:./bot").target == f"{tmp_path}/bot"
    assert parse_spec("botzone:python3 -c 'print(1)'").target == "python3 -c 'print(1)'"
    described = describe(spec)
    assert described["spec"] == str(spec)
    assert set(described["files"]) == {f"{tmp_path}/bots/x.py", f"{tmp_path}/weights.bin"}


def test_with_off_adds_an_idea_where_the_spec_says_it():
    assert with_off("3", "defence") == "3-defence"
    assert with_off("mod:Bot-a?x=1", "b") == "mod:Bot-a-b?x=1"
    with pytest.raises(ValueError, match="switched off already"):
        with_off("3-defence", "defence")
    with pytest.raises(ValueError, match="Botzone program"):
        with_off("botzone:./bot", "claims")


def test_describe_records_what_a_file_resolves_to():
    described = describe(f"{GREEDY_FILE}:Greedy")
    assert described["file"] == str(GREEDY_FILE.resolve())
    assert len(described["sha256"]) == 64
    assert describe("tests.players.bots.greedy:Greedy")["module"] == "tests.players.bots.greedy"


@pytest.mark.parametrize(("spec", "first"), [("-1", "-"), (" -3", "-"), ("-claims", "-"),
                                           ("?depth=2", "?"), ("-x?y=1", "-")])
def test_a_spec_that_names_no_player_is_refused_as_it_is_read(spec, first):
    # "-1" was read as the plugin '' with an idea '1' switched off: "no player ''" when loaded
    words = f"bad player spec {spec!r}: it names no player before its {first!r}; a spec starts"
    for read in (parse_spec, load_player):
        with pytest.raises(ValueError, match=f"^{re.escape(words)}"):
            read(spec)


@pytest.mark.parametrize("spec, message", [
    ("", "empty player spec"),
    ("5", "no rung 5"),
    ("3?x=1", "a rung takes one option, salt"),
    ("3?salt=-1", "salt is a whole number at least 0, not -1"),
    ("3?salt=true", "salt is a whole number, not a bool"),
    ("3?salt=1.5", "salt is a whole number, not 1.5"),
    ("pkg:1Bot", "a class spec is module:Class"),
    ("no_such_module_here:Bot",
     "cannot load player no_such_module_here:Bot: No module named 'no_such_module_here'$"),
    ("tests.players.bots.greedy:Nobody", "has no Nobody"),
    ("missing/file.py:Bot", "no file missing/file.py"),
    ("tests.players.bots.greedy:Greedy-greed", "has no idea 'greed'; it has claims"),
    ("tests.players.bots.greedy:Greedy-claims-claims", "name each idea once"),
    ("mod:Bot?depth", "options are ?key=value"),
    ("botzone:", "needs a command"),
    ("botzone:python3 'open", "No closing quotation"),
    ("botzone?memory=1:bot",
     "takes the options io, time_limit, memory_limit, cpu_limit, sandbox, env"),
    ("nobody", "no player 'nobody'"),
    ("collections:OrderedDict", "is not a player"),
])
def test_refusals_name_the_spec(spec, message):
    with pytest.raises(ValueError, match=message.replace("?", r"\?")):
        load_player(spec)


def test_a_botzone_program_whose_script_is_missing_is_refused_as_it_loads(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "here.py").write_text("print('PASS')\n")
    for command in ("python3 -u gone.py", "python3 gone.JS", "python3 -X dev gone.rb",
                    f"{sys.executable} gone.py"):  # a program named by its path is no script
        with pytest.raises(ValueError,
                           match=r"no file \S*gone\.\w+ \(the script its program runs\)"):
            load_player(f"botzone:{command}")
    # Code given on the command line, a script that exists, or no script: nothing to miss.
    for command in ("python3 -m gone.py", "python3 -c gone.py", "python3 here.py",
                    "python3 -u x=gone.py"):
        load_player(f"botzone:{command}").close()
    assert parse_spec("botzone:python3 here.py").runs_program


def test_a_class_file_that_does_not_compile_is_named_with_its_line(tmp_path):
    (tmp_path / "broken.py").write_text("class Bot:\n    def act(self\n")
    with pytest.raises(ValueError, match=r"^cannot load player \S+broken\.py:Bot: SyntaxError: "
                                         r".* \(broken\.py, line 2\)$"):
        load_player(f"{tmp_path}/broken.py:Bot")
    (tmp_path / "raising.py").write_text("\n\nraise OSError('no\\nmore')\n")
    for _ in range(2):  # a file that failed is not kept half loaded
        with pytest.raises(ValueError, match=r": OSError: no \(raising\.py, line 3\)$"):
            load_player(f"{tmp_path}/raising.py:Bot")


def test_a_class_file_is_loaded_once_and_named_by_spec_file(tmp_path):
    assert type(load_player(f"{GREEDY_FILE}:Greedy")) is type(load_player(f"{GREEDY_FILE}:Greedy"))
    assert specs.spec_file(parse_spec(f"{GREEDY_FILE}:Greedy")) == str(GREEDY_FILE)
    (tmp_path / "bot.txt").write_text("class Bot: pass\n")
    with pytest.raises(ValueError, match=r"bot\.txt is not a Python file"):
        load_player(f"{tmp_path}/bot.txt:Bot")


def test_a_text_option_that_reads_as_another_value_is_quoted_when_written():
    spec = parse_spec('botzone?env="1":/opt/bot')
    assert spec.options == (("env", "1"),)
    assert str(spec) == 'botzone?env="1":/opt/bot' and parse_spec(str(spec)) == spec


def test_a_botzone_commands_options_and_home_paths_are_left_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    command = "python3 ~/bot.py --weights=w/x.bin -o:w/y"
    assert parse_spec(f"botzone:{command}").target == command
    assert player_ideas(f"botzone:{command}") == ()
    assert parse_spec("3").with_off("defence") == parse_spec("3-defence")


def test_a_class_whose_ideas_are_no_names_is_refused_naming_them(tmp_path):
    # A subclass of Rung: its class's ideas is the property of its instances, and tuple() of it
    # was a TypeError traceback from mjsim table (with ideas switched off) and ladder and price
    (tmp_path / "mine.py").write_text(
        "from mjsim.players import Rung\n"
        "class Mine(Rung):\n"
        "    def __init__(self):\n"
        "        super().__init__(1)\n"
        "class Worded:\n"
        "    ideas = 'claims'\n"
        "class Numbered:\n"
        "    ideas = ('claims', 2)\n")
    mine, worded = f"{tmp_path / 'mine.py'}:Mine", f"{tmp_path / 'mine.py'}:Worded"
    assert isinstance(load_player(mine), Rung)  # it declares nothing to switch off: it plays
    for spec, shown in ((f"{mine}-claims", "a property"), (mine, "a property"),
                        (worded, "a str"), (f"{tmp_path / 'mine.py'}:Numbered",
                                            re.escape("('claims', 2)"))):
        with pytest.raises(ValueError, match=f"^player {re.escape(spec)} declares its ideas as "
                                             f"{shown}: a class declares them as names, "
                                             r'ideas = \("claims",\), or not at all$'):
            load_player(spec) if spec.endswith("-claims") else player_ideas(spec)


def test_describe_names_the_distribution_that_installs_a_plugin():
    assert describe("learned") == {"spec": "learned", "kind": "plugin",
                                   "value": "mjsim.learn.player:Learned", "distribution": "mjsim",
                                   "version": importlib.metadata.version("mjsim")}
    # An option that is no file name (a number) names no file to record.
    assert "file" not in describe("learned?model=5")
    assert specs.spec_file(parse_spec("learned?model=5")) is None


def test_describe_records_a_botzone_program_and_its_files_or_none_when_it_is_missing(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.py").write_text("print('PASS')\n")
    python = shutil.which("python3")
    found = describe("botzone:python3 x.py --fast")
    assert found == {"spec": f"botzone:python3 {tmp_path}/x.py --fast", "kind": "botzone",
                     "program": python,
                     "sha256": hashlib.sha256(Path(python).read_bytes()).hexdigest(),
                     "files": {f"{tmp_path}/x.py": hashlib.sha256(b"print('PASS')\n").hexdigest()}}
    # A program named by its path is the program, not one of its files; a path to no file
    # is no file.
    assert "files" not in describe(f"botzone:{sys.executable} --fast /no/such/file")
    assert describe("botzone:./gone --fast") == {"spec": f"botzone:{tmp_path}/gone --fast",
                                                 "kind": "botzone", "program": None}


def test_only_a_class_file_spec_names_a_file():
    assert specs.spec_file(parse_spec(f"{GREEDY_FILE}:Greedy")) == str(GREEDY_FILE)
    assert specs.spec_file(parse_spec("tests.players.bots.greedy:Greedy")) is None
    assert specs.spec_file(parse_spec("3")) is None


def test_a_rungs_salt_is_its_one_option_and_salt_0_is_none():
    assert parse_spec("3-defence?salt=1") == specs.Spec("rung", "3", ("defence",), (("salt", 1),))
    assert load_player("3?salt=1").salt == 1 and str(parse_spec("3?salt=1")) == "3?salt=1"
    assert parse_spec("3?salt=0") == parse_spec("3")


def test_a_false_option_is_written_back_as_false():
    assert str(parse_spec("mod:Bot?bold=false&sure=true")) == "mod:Bot?bold=false&sure=true"


@pytest.mark.parametrize(("plugins", "named"), [({}, "none are installed"),
                                                ({"b-bot": None, "a": None}, "a, b-bot")])
def test_an_unknown_plugin_is_refused_naming_those_installed(monkeypatch, plugins, named):
    monkeypatch.setattr(specs, "installed_plugins", lambda: plugins)
    with pytest.raises(ValueError, match=rf"^no player 'nobody': .*no plugin of that name "
                                         rf"\({named}\)$"):
        load_player("nobody")


def test_a_spec_is_a_value_that_keys_a_dict_and_cannot_be_changed():
    spec = parse_spec("3-defence")
    assert {spec: 1}[parse_spec("3-defence")] == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.target = "4"  # type: ignore[misc]


def test_player_bug_takes_an_error_never_raised_and_keeps_its_first_line():
    assert str(specs.player_bug("cannot build player x", ValueError("boom\nmore"))) == (
        "cannot build player x: ValueError: boom")
    assert str(specs.player_bug("cannot load player x", SyntaxError("bad"))) == (
        "cannot load player x: SyntaxError: bad")
    # A syntax error's own text names its file and line: they are told once, as the place.
    assert str(specs.player_bug("w", SyntaxError("bad", ("/a/f.py", 3, 1, "x")))) == (
        "w: SyntaxError: bad (f.py, line 3)")


LONG = list(range(30))  # its repr is 110 characters: shown to its first 40
SHOWN = re.escape(f"{repr(LONG)[:40]}... (110 characters)")


@pytest.mark.parametrize(("call", "said"), [
    (lambda: parse_spec(LONG), f"^a player spec is a str such as '3', not {SHOWN}$"),
    (lambda: load_player(LONG), rf"^spec is a player spec \(a str such as '3'\), not {SHOWN}$"),
    (lambda: with_off("3", LONG), f"^an idea is a str such as 'claims', not {SHOWN}$")])
def test_a_spec_or_idea_of_another_type_is_shown_to_its_first_40_characters(call, said):
    with pytest.raises(TypeError, match=said):
        call()


def test_ideas_declared_as_a_long_list_of_non_names_are_shown_to_their_first_40_characters(
        tmp_path):
    (tmp_path / "many.py").write_text("class Many:\n    ideas = list(range(30))\n")
    with pytest.raises(ValueError, match=f"declares its ideas as {SHOWN}: "):
        player_ideas(f"{tmp_path / 'many.py'}:Many")


def test_a_bare_program_name_is_looked_up_on_path_even_beside_a_file_of_that_name(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "python3").write_text("")
    (tmp_path / "here.py").write_text("")
    assert parse_spec("botzone:python3 here.py").target == f"python3 {tmp_path}/here.py"


@pytest.mark.parametrize(("command", "said"), [
    ("no-such-program-here a/b", "no-such-program-here (not on PATH)"),
    ("/no/such/bot --fast", "/no/such/bot (not an executable file)")])
def test_a_missing_program_is_refused_naming_its_first_word(tmp_path, monkeypatch, command,
                                                           said):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=f"^cannot load player .*: no program {re.escape(said)}$"):
        load_player(f"botzone:{command}")


def test_a_program_is_loaded_into_a_working_folder_made_or_already_there(tmp_path):
    # A resumed run seats its programs again in the folders it made before.
    for _ in range(2):
        load_player("botzone:python3 -V", workdir=tmp_path / "seat" / "0").close()
    assert (tmp_path / "seat" / "0").is_dir()
