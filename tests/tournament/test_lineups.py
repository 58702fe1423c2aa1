"""The names a run gives to player specs: which names a roster takes, and which it refuses."""

import pytest

from mjsim.tournament.lineups import Roster


@pytest.mark.parametrize("name", ["1st", "my-bot", "botzone", "a b", "", "_ok", "v1.2"])
def test_a_name_is_letters_digits_underscores_and_dots_and_not_botzone(name):
    if name in ("_ok", "v1.2"):
        assert Roster({name: "3"}).lineup([name, "3", "3", "3"])[0] == name
        return
    said = (rf"^bad player name {name!r}: a name is letters, digits, _ and \., starting with a "
            r"letter or _ ")
    with pytest.raises(ValueError, match=said):
        Roster({name: "3"})


def test_a_name_is_defined_once_or_again_as_the_same_spec():
    roster = Roster({"mine": "3-defence"})
    roster.define("mine", "3-defence")
    with pytest.raises(ValueError, match=r"^player 'mine' is defined twice$"):
        roster.define("mine", "2")
    assert roster.spec("mine") == "3-defence"


def test_a_name_defined_again_as_the_same_spec_written_otherwise_is_the_same_player():
    # A lineup file's name given again by --player; the second spec once had to be written
    # exactly as the first was stored (canonical) or it read as defined twice.
    roster = Roster({"mine": "3-defence-claims", "spaced": "2"})
    roster.define("mine", "3-claims-defence")
    roster.define("mine", "3-defence-claims")
    roster.define("spaced", " 2 ")
    assert roster.definitions == {"mine": "3-claims-defence", "spaced": "2"}


@pytest.mark.parametrize(("error", "raised"), [("KeyboardInterrupt", KeyboardInterrupt),
                                               ("RuntimeError", ValueError)])
def test_ctrl_c_as_a_player_closes_stays_ctrl_c_and_its_bug_is_named(tmp_path, error, raised):
    (tmp_path / "closing.py").write_text(
        "class Closing:\n    name = 'closing'\n    def act(self, view):\n"
        f"        return view.legal[0]\n    def close(self):\n        raise {error}('at close')\n")
    with pytest.raises(raised) as caught:
        Roster().check([f"{tmp_path / 'closing.py'}:Closing"])
    assert ("cannot close player" in str(caught.value)) == (error != "KeyboardInterrupt")
