"""Cutting a reply down to what the player wrote: quoted history, attributions, signatures.

Most players write above the quoted email; some write below it (bottom-posting). Text above
the quote is read; when that is only a greeting, the unquoted text below the quote is read
instead. Attribution lines in the common mail programs' languages and quoted header blocks
("From: / Sent: / To:") are recognised, so they are never mistaken for orders.
"""
from __future__ import annotations

import re

from service.mail.chat import is_chat_only

REPLY_MARKER = "=== Write your orders above this line ==="
PRESS_MARKER = "=== Write your answer above this line ==="
"""The first line of a press email, whose reply is talk and never orders."""
MAX_LINE_CHARS = 500
MAX_HEADER_LINE = 300  # longer lines are never attributions or header lines

EMPTY = "the message text is empty"
ALL_QUOTED = "no text was found above the quoted message or the signature"
BELOW_QUOTE = "text written below the quoted message was not read: write your orders above it"
READ_BELOW = "your text below the quoted message was read"

_MARKER = re.compile(r"=+\s*write\s+your\s+(?:orders|answer)\s+above\s+this\s+line\s*=+",
                     re.IGNORECASE)
_ATTRIBUTION = re.compile(
    r"^(?:On\s.*\swrote|Le\s.*\sa\s+écrit|El\s.*\sescribió|Il\s.*\sha\s+scritto"
    r"|Am\s.*\sschrieb(?:\s.*)?|Op\s.*\sschreef(?:\s.*)?|Em\s.*\sescreveu"
    r"|Den\s.*\sskrev(?:\s.*)?"
    r"|.{1,200}\s(?:wrote|schrieb|escreveu|skrev|écrit|escribió|schreef)\b.{0,80})\s*:$")
_OPENER = re.compile(r"^(?:On|Le|El|Il|Am|Op|Em|Den)\s")
_VERB_END = re.compile(
    r"\b(?:wrote|schrieb|a\s+écrit|escribió|schreef|ha\s+scritto|escreveu|skrev)\s*:$")
_SEPARATOR = re.compile(
    r"^-{2,}\s*(?:Original Message|Ursprüngliche Nachricht|Message d'origine|Mensaje original"
    r"|Oorspronkelijk bericht|Messaggio originale|Forwarded message|Weitergeleitete Nachricht"
    r"|Message transféré|Mensagem original|Ursprungligt meddelande|Originalmeddelande)\s*-{2,}$"
    r"|^(?:Begin forwarded message|Anfang der weitergeleiteten Nachricht"
    r"|Début du message réexpédié)\s*:$", re.IGNORECASE)
_FOOTER = re.compile(
    r"^(?:Sent from my\s.+|Sent from (?:Mail|Outlook|Yahoo Mail)\b.*|Get Outlook for\s.+"
    r"|Von meinem\s.+\sgesendet|Gesendet von meinem\s.+|Envoyé de mon\s.+"
    r"|Enviado desde mi\s.+|Verzonden (?:vanaf|met) mijn\s.+|Inviato da\s.+"
    r"|Enviado do meu\s.+|Skickat från min\s.+)$")
_FROM = re.compile(r"^\*?(?:From|Von|De|Van|Da|Från|Fra)\s*:", re.IGNORECASE)
_SENT = re.compile(r"^\*?(?:Sent|Date|Gesendet|Datum|Envoyé|Enviado|Verzonden|Inviato|Data"
                   r"|Skickat|Sendt)\s*:", re.IGNORECASE)
_TO = re.compile(r"^\*?(?:To|Subject|An|Betreff|À|A|Para|Asunto|Aan|Onderwerp|Oggetto|Objet"
                 r"|Assunto|Till|Ämne|Til|Emne)\s*:", re.IGNORECASE)
_INLINE_HEADERS = re.compile(r"^\*?From\s*:.*\b(?:Sent|Date)\s*:.*\b(?:To|Subject)\s*:",
                             re.IGNORECASE)
_SEPARATOR_LINE = re.compile(r"^[-_=*~#]{3,}$")


def reply_lines(text: str, max_lines: int) -> tuple[tuple[str, ...], tuple[str, ...], list[str]]:
    """Return the stripped lines the player wrote, the same with blank lines kept as '', notes.

    Text above the first cut is read; if it is empty or only a greeting and a closing, the
    unquoted text below the quoted email is read instead (bottom-posting).
    """
    raw = text.splitlines()
    cut = _first_cut(raw)
    above = _trim(raw[:cut])
    notes: list[str] = []
    if not [line for line in above if line] or is_chat_only([x for x in above if x]):
        below = _trim(_below_quote(raw[cut:]))
        if any(below):
            above, notes = [*above, "", *below], [READ_BELOW]
    if not any(above):
        return (), (), _nothing_found(raw, cut)
    if any(len(line) > MAX_LINE_CHARS for line in above):
        notes.append(f"a line longer than {MAX_LINE_CHARS} characters was cut short")
        above = [line[:MAX_LINE_CHARS] for line in above]
    kept = [line for line in above if line]
    if len(kept) > max_lines:
        notes.append(f"only the first {max_lines} lines were read")
        above = _first_lines(above, max_lines)
    return tuple(line for line in above if line), tuple(above), notes


def _trim(lines: list[str]) -> list[str]:
    """Return stripped lines, blank ones as '', without trailing separators or blanks."""
    kept = [line.strip() for line in lines]
    while kept and (not kept[-1] or _SEPARATOR_LINE.match(kept[-1])):
        kept.pop()
    while kept and not kept[0]:
        kept.pop(0)
    return kept


def _first_lines(lines: list[str], count: int) -> list[str]:
    """Return the lines up to the `count`-th non-blank one."""
    result: list[str] = []
    for line in lines:
        if line:
            count -= 1
        if count < 0:
            break
        result.append(line)
    return result


def _below_quote(rest: list[str]) -> list[str]:
    """Return the unquoted lines after quoted history, up to a signature or a second reply."""
    lines: list[str] = []
    quoted = False
    for index, line in enumerate(rest):
        stripped = line.strip()
        if stripped.startswith(">"):
            quoted = True
            continue
        if stripped == "--" or _FOOTER.match(stripped) or _MARKER.search(stripped):
            break
        if _is_attribution(rest, index) or _is_header_block(rest, index) or (
                _SEPARATOR.match(stripped)):
            if lines and any(lines):
                break
            continue
        if quoted:
            lines.append(stripped)
    return lines


def _nothing_found(raw: list[str], cut: int) -> list[str]:
    """Return the note that explains why a body gave no lines."""
    if not any(line.strip() for line in raw):
        return [EMPTY]
    return [BELOW_QUOTE if _text_below_quote(raw[cut:]) else ALL_QUOTED]


def _text_below_quote(rest: list[str]) -> bool:
    """Return whether unquoted text follows quoted lines (bottom-posting), before a signature."""
    quoted = False
    for index, line in enumerate(rest):
        stripped = line.strip()
        if stripped.startswith(">"):
            quoted = True
        elif stripped == "--" or _FOOTER.match(stripped):
            return False
        elif stripped and quoted and not _is_attribution(rest, index):
            return True
    return False


def _first_cut(lines: list[str]) -> int:
    """Return the index of the first line that starts quoted history or a signature."""
    for index in range(len(lines)):
        if _starts_history(lines, index):
            return index
    return len(lines)


def _starts_history(lines: list[str], index: int) -> bool:
    """Return whether lines[index] is a quote, attribution, header, marker or signature line."""
    stripped = lines[index].strip()
    if stripped.startswith(">") or stripped == "--" or _MARKER.search(stripped):
        return True
    if not stripped or len(stripped) > MAX_HEADER_LINE:
        return False
    return bool(_FOOTER.match(stripped) or _SEPARATOR.match(stripped)
                or _is_attribution(lines, index) or _is_header_block(lines, index))


def _is_attribution(lines: list[str], index: int) -> bool:
    """Return whether lines[index] is an "On ... wrote:" line, possibly split over two lines."""
    stripped = lines[index].strip()
    if len(stripped) > MAX_HEADER_LINE:
        return False
    if _ATTRIBUTION.match(stripped) and (_OPENER.match(stripped) or _quote_follows(lines, index)):
        return True
    if index + 1 < len(lines) and _OPENER.match(stripped):
        joined = f"{stripped} {lines[index + 1].strip()}"
        if len(joined) <= 2 * MAX_HEADER_LINE and _ATTRIBUTION.match(joined):
            return True
    return bool(_VERB_END.search(stripped) and _quote_follows(lines, index))


def _quote_follows(lines: list[str], index: int) -> bool:
    """Return whether the next non-blank line after lines[index] is quoted."""
    following = [line.strip() for line in lines[index + 1:index + 4] if line.strip()]
    return bool(following and following[0].startswith(">"))


def _is_header_block(lines: list[str], index: int) -> bool:
    """Return whether lines[index] opens a quoted "From: / Sent: / To: / Subject:" block."""
    stripped = lines[index].strip()
    if not _FROM.match(stripped):
        return False
    if _INLINE_HEADERS.match(stripped):
        return True
    following = [line.strip() for line in lines[index + 1:index + 8] if line.strip()][:5]
    return any(_SENT.match(line) for line in following) and any(
        _TO.match(line) for line in following)
