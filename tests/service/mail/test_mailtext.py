"""Reading emailed replies: the order lines a player wrote, never the quoted turn email."""
from __future__ import annotations

import base64
import random
from email.message import EmailMessage
from pathlib import Path

import pytest

from service.mail import reading as mailtext
from service.mail.reading import (
    ALL_QUOTED,
    BROKEN_MIME,
    EMPTY,
    NO_TEXT,
    READ_BELOW,
    REPLY_MARKER,
    TOO_LARGE,
    UNREADABLE,
    Extracted,
    extract_orders,
    parse_message,
)

SAMPLES = Path(__file__).parent / "samples"

# The text of a turn email as the service sends it: the marker on top, then the prompt with
# example orders that must never be read as the player's orders.
TURN_EMAIL = f"""{REPLY_MARKER}

Secret Masters, game 7f3a, turn 3 - Red (you)

You can write:
  place <colour> <card region>  - Place an agent from the pool on a card
      for example: place blue europe | place red asia
  vote <marker> <marker> <marker>  (markers: red, white, orange)
      for example: vote red red orange | vote white white white
place blue europe
vote red red orange
"""
QUOTED_TURN_EMAIL = "".join(f"> {line}\n" if line else ">\n" for line in TURN_EMAIL.split("\n"))


def sample(name: str) -> EmailMessage:
    """Return a stored sample reply, parsed."""
    return parse_message((SAMPLES / name).read_bytes())


def html_alternative(message: EmailMessage) -> EmailMessage:
    """Return the HTML part of a multipart/alternative reply as an HTML-only message."""
    part = next(part for part in message.walk() if part.get_content_type() == "text/html")
    return parse_message(part.as_bytes())


def plain(body: str | bytes, *, charset: str | None = "utf-8", extra: str = "") -> EmailMessage:
    """Return a parsed text/plain reply with `body` as its 8-bit content."""
    data = body.encode("utf-8") if isinstance(body, str) else body
    param = f"; charset={charset}" if charset else ""
    head = (f"From: anna@example.org\nSubject: Re: your turn\nMIME-Version: 1.0\n"
            f"Content-Type: text/plain{param}\n{extra}\n").encode()
    return parse_message(head + data)


def html(body: str) -> EmailMessage:
    """Return a parsed HTML-only reply."""
    return parse_message(b"Content-Type: text/html; charset=utf-8\n\n" + body.encode())


def lines_of(message: EmailMessage, **options: int) -> tuple[str, ...]:
    """Return the order lines extracted from `message`."""
    return extract_orders(message, **options).lines


# --- replies as real clients write them ---------------------------------------------------

def test_gmail_reply_reads_the_plain_part_above_the_quote() -> None:
    result = extract_orders(sample("gmail.eml"))
    assert result == Extracted(("place orange asia",), "text/plain", ())


def test_gmail_reply_html_part_alone_gives_the_same_lines() -> None:
    result = extract_orders(html_alternative(sample("gmail.eml")))
    assert result == Extracted(("place orange asia",), "text/html", ())


def test_apple_mail_reply_stops_at_the_iphone_footer() -> None:
    message = sample("apple_mail_iphone.eml")
    assert extract_orders(message) == Extracted(("vote white white orange",), "text/plain", ())
    assert lines_of(html_alternative(message)) == ("vote white white orange",)


def test_outlook_web_reply_cuts_the_header_block_and_div_rply_fwd_msg() -> None:
    message = sample("outlook_web.eml")
    assert extract_orders(message) == Extracted(
        ("redeploy red north-america africa",), "text/plain", ())
    assert lines_of(html_alternative(message)) == ("redeploy red north-america africa",)


def test_outlook_desktop_plain_reply_cuts_at_original_message() -> None:
    result = extract_orders(sample("outlook_desktop_plain.eml"))
    assert result == Extracted(("move blue europe", "place red africa"), "text/plain", ())


def test_thunderbird_reply_cuts_the_signature_and_the_quote() -> None:
    assert lines_of(sample("thunderbird.eml")) == ("place blue south-america",
                                                   "vote red red white")


def test_german_client_latin1_with_am_schrieb_and_iphone_footer() -> None:
    assert lines_of(sample("german_webde.eml")) == ("move orange africa", "Grüße, Jörg")


@pytest.mark.parametrize("name", sorted(path.name for path in SAMPLES.glob("*.eml")))
def test_no_sample_leaks_an_example_order_from_the_quoted_turn_email(name: str) -> None:
    examples = {"place blue europe", "place red asia", "place orange europe",
                "vote red red orange", "vote white white white", "pass",
                "redeploy blue europe africa", "redeploy red asia africa", "move blue asia",
                "move red europe"}
    message = sample(name)
    parts = [message] + ([html_alternative(message)] if message.is_multipart() else [])
    for part in parts:
        assert not examples & set(lines_of(part))


# --- quoted history -------------------------------------------------------------------------

def test_top_posted_reply_with_the_whole_turn_email_quoted() -> None:
    body = ("place orange asia\n\nOn Mon, 3 Nov 2026 at 10:00, pbem <play@pbem.example> wrote:\n\n"
            + QUOTED_TURN_EMAIL)
    assert lines_of(plain(body)) == ("place orange asia",)


def test_unquoted_turn_email_is_cut_at_the_reply_marker() -> None:
    assert lines_of(plain("vote white white orange\n\n" + TURN_EMAIL)) == (
        "vote white white orange",)


@pytest.mark.parametrize("marker", [
    REPLY_MARKER, f"> {REPLY_MARKER}", f">> > {REPLY_MARKER}",
    "=== write your orders ABOVE this line ===", "==  Write your orders above this line  ==",
    f"\u00a0{REPLY_MARKER}"])
def test_reply_marker_in_any_form_cuts(marker: str) -> None:
    assert lines_of(plain(f"place red asia\n{marker}\nplace blue europe\n")) == ("place red asia",)


def test_several_orders_on_several_lines_with_blank_lines_and_spaces() -> None:
    body = "  place red asia  \n\n\tmove blue europe\n   \nvote red white orange\n\n"
    assert lines_of(plain(body)) == ("place red asia", "move blue europe", "vote red white orange")


@pytest.mark.parametrize("quote", ["> place blue europe", ">place blue europe",
                                   ">> place blue europe", "  > > place blue europe"])
def test_quoted_lines_of_any_depth_cut(quote: str) -> None:
    assert lines_of(plain(f"place red asia\n{quote}\nvote red red orange\n")) == ("place red asia",)


@pytest.mark.parametrize("attribution", [
    "On Mon, 3 Nov 2026 at 10:00, pbem <play+7f3a.red.Zx9@pbem.example> wrote:",
    "On 3 Nov 2026, at 10:00, pbem <play@pbem.example> wrote:",
    "On 03/11/2026 10:00, pbem wrote:",
    "On Mon, 3 Nov 2026 at 10:00, pbem <play+7f3a.red.Zx9@pbem.example>\nwrote:",
    "On Mon, 3 Nov 2026 at 10:00, pbem <\nplay+7f3a.red.Zx9@pbem.example> wrote:",
    "Am Mo., 3. Nov. 2026 um 10:00 Uhr schrieb pbem <play@pbem.example>:",
    "Am 03.11.2026 um 10:00 schrieb pbem:",
    "Le lun. 3 nov. 2026 à 10:00, pbem <play@pbem.example> a écrit :",
    "Le 03/11/2026 à 10:00, pbem a\u00a0écrit\u202f:",
    "El lun, 3 nov 2026 a las 10:00, pbem (<play@pbem.example>) escribió:",
    "Op ma 3 nov. 2026 om 10:00 schreef pbem <play@pbem.example>:",
    "Il giorno lun 3 nov 2026 alle ore 10:00 pbem <play@pbem.example> ha scritto:",
])
def test_attribution_lines_cut_even_without_quote_marks(attribution: str) -> None:
    body = f"place red asia\n\n{attribution}\n\nplace blue europe\nvote red red orange\n"
    assert lines_of(plain(body)) == ("place red asia",)


def test_any_wrote_line_followed_by_a_quote_cuts() -> None:
    body = "place red asia\npbem <play@pbem.example> wrote:\n> place blue europe\n"
    assert lines_of(plain(body)) == ("place red asia",)


@pytest.mark.parametrize("separator", [
    "-----Original Message-----", "----- Original Message -----",
    "-----Ursprüngliche Nachricht-----", "---------- Forwarded message ---------",
    "Begin forwarded message:", "-------- Message d'origine --------"])
def test_original_and_forwarded_message_separators_cut(separator: str) -> None:
    body = f"place red asia\n\n{separator}\nplace blue europe\n"
    assert lines_of(plain(body)) == ("place red asia",)


@pytest.mark.parametrize("block", [
    ("From: pbem <play@pbem.example>\nSent: Monday, November 3, 2026 10:00 AM\n"
     "To: Anna <anna@example.org>\nSubject: [pbem] your turn"),
    ("________________________________\nFrom: pbem <play@pbem.example>\n"
     "Sent: 03 November 2026 10:00\nTo: Anna\nSubject: your turn"),
    "*From:* pbem <play@pbem.example>\n*Date:* Mon, 3 Nov 2026\n*To:* Anna\n*Subject:* turn",
    ("Von: pbem <play@pbem.example>\nGesendet: Montag, 3. November 2026 10:00\nAn: Anna\n"
     "Betreff: Zug 3"),
    ("From: pbem <play@pbem.example> Sent: Monday, November 3, 2026 10:00 AM To: Anna "
     "Subject: your turn"),
])
def test_outlook_header_blocks_cut(block: str) -> None:
    body = f"place red asia\n\n{block}\n\nplace blue europe\n"
    assert lines_of(plain(body)) == ("place red asia",)


def test_a_lone_from_line_is_not_a_header_block() -> None:
    assert lines_of(plain("From: the north\nplace red asia\n")) == ("From: the north",
                                                                      "place red asia")


def test_text_below_the_quote_is_read_when_nothing_is_above_it() -> None:
    body = "On Mon, 3 Nov 2026 at 10:00, pbem wrote:\n" + QUOTED_TURN_EMAIL + "\nplace red asia\n"
    assert extract_orders(plain(body)) == Extracted(("place red asia",), "text/plain",
                                                    (READ_BELOW,))


def test_interleaved_text_below_the_quote_is_ignored_when_text_is_above() -> None:
    body = "place red asia\n\n> You can write:\nvote red red orange\n> Deadline\n"
    assert extract_orders(plain(body)) == Extracted(("place red asia",), "text/plain", ())


def test_a_reply_that_is_only_quoted_says_nothing_was_above() -> None:
    assert extract_orders(plain("\n\n" + QUOTED_TURN_EMAIL)) == Extracted(
        (), "text/plain", (ALL_QUOTED,))


# --- signatures -----------------------------------------------------------------------------

@pytest.mark.parametrize("delimiter", ["-- ", "--"])
def test_signature_delimiter_cuts_everything_after(delimiter: str) -> None:
    body = f"place red asia\n{delimiter}\nAnna Berg\nvote red red orange\n"
    assert lines_of(plain(body)) == ("place red asia",)


@pytest.mark.parametrize("footer", [
    "Sent from my iPhone", "Sent from my Android", "Sent from my Samsung Galaxy smartphone.",
    "Sent from my iPad", "Get Outlook for iOS", "Get Outlook for Android<https://aka.ms/AAb9ysg>",
    "Sent from Outlook for Android", "Von meinem iPhone gesendet", "Envoyé de mon iPhone",
    "Enviado desde mi iPhone", "Verzonden vanaf mijn iPhone", "Inviato da iPhone"])
def test_mobile_footers_cut(footer: str) -> None:
    body = f"place red asia\nvote red white orange\n\n{footer}\n\nplace blue europe\n"
    assert lines_of(plain(body)) == ("place red asia", "vote red white orange")


# --- HTML -----------------------------------------------------------------------------------

def test_html_only_reply_with_br_and_p() -> None:
    body = ("<html><head><title>Re: turn</title><style>p {margin:0}</style></head><body>"
            "<p>place red\n asia<br>move&nbsp;blue europe</p><p>vote red <b>red</b> orange</p>"
            "<div><br></div><script>var order = 'place blue europe';</script></body></html>")
    assert extract_orders(html(body)) == Extracted(
        ("place red asia", "move blue europe", "vote red red orange"), "text/html", ())


@pytest.mark.parametrize("container", [
    "<blockquote>", '<blockquote type="cite">', '<div class="gmail_quote">',
    '<div class="gmail_quote gmail_quote_container">', '<div id="divRplyFwdMsg" dir="ltr">',
    '<div id="x_divRplyFwdMsg">', '<div id="appendonsend">', '<div class="moz-cite-prefix">',
    '<div class="yahoo_quoted" id="yahoo_quoted_123">', '<div class="protonmail_quote">',
    '<div class="gmail_signature" data-smartmail="gmail_signature">',
    '<div id="Signature">', '<div id="ms-outlook-mobile-signature">'])
def test_html_quote_and_signature_containers_end_the_reply(container: str) -> None:
    body = (f"<div>place red asia</div>{container}<div>place blue europe</div></div>"
            "<div>vote red red orange</div>")
    assert lines_of(html(body)) == ("place red asia",)


def test_html_pre_keeps_its_line_breaks() -> None:
    assert lines_of(html("<pre>place red asia\nmove blue europe</pre>")) == (
        "place red asia", "move blue europe")


def test_html_with_text_cuts_applied_after_conversion() -> None:
    body = ("<p>place red asia</p><p>On Mon, 3 Nov 2026 at 10:00, pbem wrote:</p>"
            "<p>place blue europe</p>")
    assert lines_of(html(body)) == ("place red asia",)


def test_empty_plain_part_falls_back_to_the_html_part() -> None:
    raw = (b"Content-Type: multipart/alternative; boundary=B\n\n--B\nContent-Type: text/plain\n\n"
           b"\n--B\nContent-Type: text/html\n\n<p>place red asia</p>\n--B--\n")
    assert extract_orders(parse_message(raw)) == Extracted(("place red asia",), "text/html", ())


def test_malformed_html_keeps_what_came_before() -> None:
    result = extract_orders(html("<p>place red asia</p><![unknown[ junk"))
    assert result == Extracted(("place red asia",), "text/html",
                               ("the HTML text is malformed; only its start was read",))


def test_html_tag_that_never_ends_is_given_up_quickly() -> None:
    result = extract_orders(html("<p>place red asia</p><a " + "b " * 50_000))
    assert result.lines == ("place red asia",)
    assert result.problems == ("the HTML text is malformed; only its start was read",)


# --- charsets and transfer encodings ----------------------------------------------------------

def test_latin1_body() -> None:
    body = "place orange europe\nGrüße aus Köln\n".encode("latin-1")
    assert lines_of(plain(body, charset="iso-8859-1")) == ("place orange europe",
                                                           "Grüße aus Köln")


def test_windows_1252_body_with_smart_quotes_and_euro() -> None:
    body = "place red asia\n\u201cvote red red orange\u201d \u2013 5\u20ac\n".encode("cp1252")
    assert lines_of(plain(body, charset="windows-1252")) == (
        "place red asia", "\u201cvote red red orange\u201d \u2013 5\u20ac")


def test_undeclared_charset_utf8_then_windows_1252() -> None:
    assert lines_of(plain("Grüße\n".encode(), charset=None)) == ("Grüße",)
    assert lines_of(plain("Grüße\n".encode("cp1252"), charset=None)) == ("Grüße",)
    assert lines_of(plain("Grüße\n".encode("cp1252"), charset="us-ascii")) == ("Grüße",)


def test_undeclared_utf8_cut_inside_a_character_stays_utf8() -> None:
    body = "Grüße!\n".encode() + "ö".encode() * (mailtext.MAX_TEXT_BYTES // 2) + b"\n"
    assert lines_of(plain(body, charset=None)) == ("Grüße!", "ö" * 500)


def test_undecodable_bytes_are_replaced() -> None:
    assert lines_of(plain(b"place red asia\xff\xfe\n", charset="utf-8")) == (
        "place red asia\ufffd\ufffd",)


@pytest.mark.parametrize("charset", ["x-unknown", "unknown-8bit", "rot13", "base64", "idna",
                                     '"\\xff"'])
def test_unknown_or_unusable_charsets_never_crash(charset: str) -> None:
    assert lines_of(plain("place red asia\n", charset=charset)) == ("place red asia",)


def test_base64_body() -> None:
    encoded = base64.encodebytes("place red asia\nGrüße, Jörg\n".encode())
    message = plain(encoded, extra="Content-Transfer-Encoding: base64\n")
    assert lines_of(message) == ("place red asia", "Grüße, Jörg")


def test_quoted_printable_body_with_soft_breaks() -> None:
    body = b"place red =\nasia\nJ=C3=B6rg =3D red\n> =3D=3D=3D Write your orders above this line\n"
    message = plain(body, extra="Content-Transfer-Encoding: quoted-printable\n")
    assert lines_of(message) == ("place red asia", "Jörg = red")


def test_format_flowed_lines_are_joined() -> None:
    body = "redeploy red north-america \nafrica\nvote red red orange\n"
    message = plain(body, charset="utf-8; format=flowed")
    assert lines_of(message) == ("redeploy red north-america africa", "vote red red orange")


def test_invalid_base64_never_crashes() -> None:
    message = plain(b"!!!! not base64 at all !!!!\n", extra="Content-Transfer-Encoding: base64\n")
    assert isinstance(extract_orders(message), Extracted)


# --- structure: attachments, empty and broken messages ------------------------------------

def mixed(*parts: bytes) -> EmailMessage:
    """Return a parsed multipart/mixed message made of raw parts."""
    body = b"".join(b"--SEP\n" + part + b"\n" for part in parts)
    return parse_message(b"Content-Type: multipart/mixed; boundary=SEP\n\n" + body + b"--SEP--\n")


PDF = (b"Content-Type: application/pdf; name=board.pdf\nContent-Transfer-Encoding: base64\n"
       b"Content-Disposition: attachment; filename=board.pdf\n\nJVBERi0xLjQK\n")
TEXT = b"Content-Type: text/plain; charset=utf-8\n\nplace red asia\n"


def test_message_with_only_an_attachment() -> None:
    assert extract_orders(mixed(PDF)) == Extracted(
        (), "", (NO_TEXT, "an attachment was ignored: board.pdf"))


def test_text_with_attachments_names_them() -> None:
    photo = b"Content-Type: image/jpeg\nContent-Disposition: attachment; filename=me.jpg\n\nxx\n"
    assert extract_orders(mixed(TEXT, PDF, photo)) == Extracted(
        ("place red asia",), "text/plain", ("2 attachments were ignored: board.pdf, me.jpg",))


def test_attached_text_file_and_forwarded_message_are_not_read() -> None:
    orders_txt = (b"Content-Type: text/plain\nContent-Disposition: attachment; filename=o.txt\n\n"
                  b"place blue europe\n")
    forwarded = b"Content-Type: message/rfc822\n\nSubject: old\n\nvote red red orange\n"
    assert extract_orders(mixed(TEXT, orders_txt, forwarded)) == Extracted(
        ("place red asia",), "text/plain", ("2 attachments were ignored: o.txt",))


def test_inline_images_of_html_and_signature_parts_are_not_reported() -> None:
    related = (b"Content-Type: multipart/related; boundary=REL\n\n--REL\n"
               b"Content-Type: text/html\n\n<p>place red asia</p><img src=cid:logo>\n--REL\n"
               b"Content-Type: image/png\nContent-ID: <logo>\n\nxx\n--REL--\n")
    signature = b"Content-Type: application/pgp-signature\n\n-----BEGIN PGP SIGNATURE-----\n"
    assert extract_orders(mixed(related, signature)) == Extracted(
        ("place red asia",), "text/html", ())


def test_empty_message() -> None:
    assert extract_orders(parse_message(b"")) == Extracted((), "text/plain", (EMPTY,))


def test_headers_without_a_body() -> None:
    message = parse_message(b"From: anna@example.org\nSubject: Re: turn\n")
    assert extract_orders(message) == Extracted((), "text/plain", (EMPTY,))


def test_multipart_without_boundary_is_recovered() -> None:
    raw = (b"Content-Type: multipart/alternative\n\n--XYZ\nContent-Type: text/plain\n\n"
           b"place red asia\n--XYZ\nContent-Type: text/html\n\n<p>place blue europe</p>\n"
           b"--XYZ--\n")
    message = parse_message(raw)
    assert message.defects
    assert extract_orders(message) == Extracted(("place red asia",), "text/plain",
                                                (BROKEN_MIME,))


def test_multipart_whose_boundary_never_appears_is_recovered() -> None:
    raw = (b"Content-Type: multipart/mixed; boundary=AAA\n\n--BBB\nContent-Type: text/plain\n\n"
           b"place red asia\n--BBB--\n")
    assert extract_orders(parse_message(raw)) == Extracted(("place red asia",), "text/plain",
                                                           (BROKEN_MIME,))


def test_multipart_without_any_boundary_line_is_read_as_text() -> None:
    raw = b"Content-Type: multipart/mixed\n\nplace red asia\n"
    assert extract_orders(parse_message(raw)) == Extracted(("place red asia",), "text/plain",
                                                           (BROKEN_MIME,))


def test_missing_closing_boundary() -> None:
    raw = b"Content-Type: multipart/mixed; boundary=SEP\n\n--SEP\n" + TEXT
    assert lines_of(parse_message(raw)) == ("place red asia",)


def test_parser_failure_keeps_the_headers_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mailtext, "MAX_BOUNDARY_LINES", 100_000)
    nested = b"".join(b"Content-Type: multipart/mixed; boundary=X%d\n\n--X%d\n" % (i, i)
                      for i in range(5000))
    message = parse_message(b"Subject: deep\n" + nested)
    assert message["Subject"] == "deep"
    assert any(isinstance(d, mailtext.UnparsableMessageDefect) for d in message.defects)
    assert extract_orders(message).problems[0] == UNREADABLE


# --- limits -----------------------------------------------------------------------------------

def test_only_the_first_max_lines_are_read() -> None:
    body = "".join(f"place red asia {n}\n" for n in range(1, 51))
    result = extract_orders(plain(body))
    assert result.lines == tuple(f"place red asia {n}" for n in range(1, 41))
    assert result.problems == ("only the first 40 lines were read",)
    assert extract_orders(plain(body), max_lines=2) == Extracted(
        ("place red asia 1", "place red asia 2"), "text/plain",
        ("only the first 2 lines were read",))


def test_a_very_long_line_is_cut_short() -> None:
    result = extract_orders(plain("place red asia\n" + "x" * 2000 + "\n"))
    assert result.lines == ("place red asia", "x" * 500)
    assert result.problems == ("a line longer than 500 characters was cut short",)


@pytest.mark.timeout(20)
def test_ten_megabyte_quoted_body() -> None:
    body = "place red asia\nvote white white orange\n\n" + "> " + "y" * 98 + "\n"
    raw = (b"Content-Type: text/plain\n\n" + body.encode()) * 1
    raw += (b"> " + b"z" * 98 + b"\n") * 100_000
    assert len(raw) > 10_000_000
    result = extract_orders(parse_message(raw))
    assert result == Extracted(("place red asia", "vote white white orange"), "text/plain", (
        TOO_LARGE, "the text is very long; only its first 256 kB were read"))


@pytest.mark.timeout(20)
def test_ten_megabyte_single_line() -> None:
    raw = b"Content-Type: text/plain\n\nplace red asia\n" + b"x" * 10_000_000
    result = extract_orders(parse_message(raw))
    assert result == Extracted(("place red asia", "x" * 500), "text/plain", (
        TOO_LARGE, "the text is very long; only its first 256 kB were read",
        "a line longer than 500 characters was cut short"))


@pytest.mark.timeout(20)
def test_ten_megabyte_attachment() -> None:
    photo = base64.encodebytes(random.Random(3).randbytes(7_600_000))
    attachment = (b"Content-Type: image/jpeg\nContent-Transfer-Encoding: base64\n"
                  b"Content-Disposition: attachment; filename=photo.jpg\n\n" + photo)
    message = mixed(TEXT, attachment)
    assert extract_orders(message) == Extracted(
        ("place red asia",), "text/plain", (TOO_LARGE, "an attachment was ignored: photo.jpg"))


@pytest.mark.timeout(20)
def test_many_tiny_mime_parts_are_cut() -> None:
    raw = b"Content-Type: multipart/mixed; boundary=X\n\n" + TEXT.join([b"--X\n", b"\n"]) + (
        b"--X\n\nx\n" * 1_000_000)
    assert extract_orders(parse_message(raw)) == Extracted(
        ("place red asia",), "text/plain", (TOO_LARGE,))


@pytest.mark.timeout(60)
@pytest.mark.parametrize("seed", range(8))
def test_binary_junk_never_crashes(seed: int) -> None:
    rng = random.Random(seed)
    raw = rng.randbytes(rng.choice([0, 1, 100, 65_536, 3_000_000]))
    result = extract_orders(parse_message(raw))
    assert len(result.lines) <= 40
    assert all(len(line) <= 500 and line == line.strip() and line for line in result.lines)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("junk", ["<", "<<", "<a ", "<!--", "<![", '<a b="', "<div>", "&#",
                                  "<p>x</p>"])
def test_hostile_html_never_takes_long(junk: str) -> None:
    body = junk * (1_000_000 // len(junk))
    assert isinstance(extract_orders(html(body)), Extracted)
