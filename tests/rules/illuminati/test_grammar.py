"""The order grammar: natural, forgiving text with card names by prefix and alias."""
from __future__ import annotations

import pytest

from engine.core.errors import UnreadableOrder
from engine.illuminati import GAME
from engine.illuminati import orders as od

from .helpers import table

STATE = table(illuminati=("gnomes", "bavaria", "cthulhu"))


def read(text: str, seat: str = "anna") -> object:
    """Return the order `text` reads as for `seat`."""
    return GAME.parse(text, seat, STATE)


def test_the_examples_of_the_task() -> None:
    assert read('attack control "Big Media" with CIA aided by FBI spending 4 from CIA 2 from '
                "illuminati") == od.AttackOrder("control", "big-media", "cia", ("fbi",), 4, 2)
    assert read("interfere against 3") == od.InterfereOrder(-3)
    assert read("defend 2 from target") == od.DefendOrder(2, 0)
    assert read("transfer 5 from Gnomes to Federal Reserve") == od.TransferOrder(
        5, "gnomes", "federal-reserve")
    assert read("play swiss bank account") == od.PlayOrder("swiss-bank-account")
    assert read("auto-pass on") == od.AutoPassOrder("on")
    assert read("auto pass unless attacked") == od.AutoPassOrder("unless-attacked")


def test_names_by_unique_beginning_alias_and_dotted_initials() -> None:
    assert read("attack destroy conv stores with C.I.A.") == od.AttackOrder(
        "destroy", "convenience-stores", "cia")
    assert read("attack neutralize sla with illuminati") == od.AttackOrder(
        "neutralize", "semiconscious-liberation-army", "gnomes")
    assert read("play murphy's law") == od.PlayOrder("murphys-law")
    assert read("play secrets on assassination") == od.PlayOrder("secrets", "assassination")
    assert read("play senate on bru") == od.PlayOrder("senate-investigating-committee",
                                                      "bruno")


def test_the_longer_forms() -> None:
    assert read("attack control irs with cia aided by fbi and pentagon spending 3 from group "
                "privileged by bavaria at left whispering moving 2") == od.AttackOrder(
        "control", "irs", "cia", ("fbi", "pentagon"), 3, 0, "bavaria", 3, True, 2)
    assert read("defend 2 from target 3 from illuminati") == od.DefendOrder(2, 3)
    assert read("raise 2 from illuminati") == od.RaiseOrder(0, 2)
    assert read("give 5 to carla") == od.GiveMoneyOrder(5, "carla")
    assert read("give group cia to carla") == od.GiveGroupOrder("cia", "carla")
    assert read("give special slush fund to carla") == od.GiveSpecialOrder("slush-fund",
                                                                           "carla")
    assert read("move fbi to cia at bottom") == od.MoveOrder("fbi", "cia", 2)
    assert read("play bribery on big media at cia top") == od.PlayOrder(
        "bribery", "big-media", "cia", 0)
    assert read("laser cia add weird") == od.LaserOrder("cia", "add", "weird")
    assert read("abolish with deep agent") == od.AbolishOrder(("deep-agent",))
    assert read("goal gnomes") == od.GoalOrder("gnomes")
    assert read("I'd like to pass") == od.PassOrder()


def test_the_web_forms_layout_reads_too() -> None:
    assert read("attack control big-media cia fbi 0 2") == od.AttackOrder(
        "control", "big-media", "cia", ("fbi",), 0, 2)
    assert read("interfere for 2") == od.InterfereOrder(2)
    assert read("transfer 3 cia fbi") == od.TransferOrder(3, "cia", "fbi")


@pytest.mark.parametrize("text", ["attack control with cia", "attack control big media with",
                                  "attack control cia with nobody-at-all", "interfere 3",
                                  "transfer five", "xyzzy", "play", "move cia"])
def test_unreadable_text_says_what_can_be_written(text: str) -> None:
    with pytest.raises(UnreadableOrder) as caught:
        read(text)
    assert caught.value.message and caught.value.legal


def test_placing_displaced_puppets_in_the_attack_order() -> None:
    assert read("attack control cia with bavaria placing fbi at top and kgb at left") == \
        od.AttackOrder("control", "cia", "bavaria", placing=(("fbi", "", 0), ("kgb", "", 3)))
    assert read('attack control CIA with illuminati place "F.B.I." on the bottom of CIA '
                "spending 2 from illuminati") == od.AttackOrder(
        "control", "cia", "gnomes", from_illuminati=2, placing=(("fbi", "cia", 2),))
    order = od.AttackOrder("control", "cia", "gnomes", ("fbi",), 1, 2, "bavaria", 1, False, 3,
                           (("republicans", "cia", 3),))
    assert read(GAME.format_order(order)) == order
    assert read("attack control cia with bavaria at the first open arrow") == od.AttackOrder(
        "control", "cia", "bavaria")


def test_calling_off_an_attack() -> None:
    assert read("call off") == od.CallOffOrder()
    assert read("call off the attack") == od.CallOffOrder()
    assert read("please withdraw my attack") == od.CallOffOrder()
    assert read(GAME.format_order(od.CallOffOrder())) == od.CallOffOrder()


def test_the_web_forms_layouts_of_the_optional_parts() -> None:
    assert read("attack control big-media cia fbi 1 2 privileged by bavaria at top "
                "whispering campaign 3 placing kgb at left") == od.AttackOrder(
        "control", "big-media", "cia", ("fbi",), 1, 2, "bavaria", 0, True, 3,
        (("kgb", "", 3),))
    assert read("attack control big-media cia 0 0 privileged by slush-fund 2 kgb at "
                "right") == od.AttackOrder("control", "big-media", "cia", (), 0, 0,
                                           "slush-fund", -1, False, 2, (("kgb", "", 1),))
    assert read("attack destroy cycle-gangs gnomes 0 4 whispering campaign 0") == \
        od.AttackOrder("destroy", "cycle-gangs", "gnomes", (), 0, 4, whisper=True)
    assert read("give-money 3 carla") == od.GiveMoneyOrder(3, "carla")
    assert read("give-special slush-fund carla") == od.GiveSpecialOrder("slush-fund", "carla")
    assert read("give-group cia carla") == od.GiveGroupOrder("cia", "carla")
    assert read("abolish slush-fund media-campaign") == od.AbolishOrder(
        ("slush-fund", "media-campaign"))
    assert read("play bribery on big-media at cia top") == od.PlayOrder(
        "bribery", "big-media", "cia", 0)
    assert read("move fbi to cia at left") == od.MoveOrder("fbi", "cia", 3)
    assert read("interfere against 2 with interference") == od.InterfereOrder(-2, True)
    assert read("call-off") == od.CallOffOrder()


def test_a_full_name_holding_a_separating_word_is_read_whole() -> None:
    assert read("attack control big media with cia privileged by Secrets Man Was Not Meant "
                "To Know") == od.AttackOrder("control", "big-media", "cia", privilege="secrets")
    assert read("attack control big media with cia aided by Tobacco and Liquor Companies and "
                "fbi privileged by secrets man was not meant to know at top") == od.AttackOrder(
        "control", "big-media", "cia", ("tobacco-and-liquor-companies", "fbi"),
        privilege="secrets", arrow=0)
    assert read("attack control big media with cia placing tobacco and liquor at top") == \
        od.AttackOrder("control", "big-media", "cia",
                       placing=(("tobacco-and-liquor-companies", "", 0),))
    assert read("play Secrets Man Was Not Meant To Know on slush fund") == od.PlayOrder(
        "secrets", "slush-fund")
    assert read("transfer 2 from cia to tobacco and liquor companies") == od.TransferOrder(
        2, "cia", "tobacco-and-liquor-companies")
    assert read("attack destroy cycle gangs with cia whispering campaign") == od.AttackOrder(
        "destroy", "cycle-gangs", "cia", whisper=True)
