"""Telling a player's chat from their orders: greetings, closings, list markers and prose.

The rules here look at the words alone, never at the game's state, so the way a line is read
is the same whatever the hidden cards are.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from email.message import EmailMessage

MAX_GREETING_WORDS = 6
MAX_SIGNOFF_NAME_WORDS = 3

_GREETING = re.compile(
    r"^(?:hi|hello|hey|heya|hiya|dear|greetings|good\s+(?:morning|afternoon|evening|day)"
    r"|hallo|moin|servus|guten\s+(?:morgen|tag|abend)|liebe[rs]?|bonjour|bonsoir|salut"
    r"|coucou|hola|buenos\s+d[ií]as|buenas|ol[aá]|oi|bom\s+dia|boa\s+tarde|ciao|salve"
    r"|hej|hejsan|tjena|god\s+morgon|hoi|goedemorgen|yo)\b", re.IGNORECASE)
_CLOSING = re.compile(
    r"^(?:thanks|thank\s+you|thx|ta|cheers|regards|best|best\s+regards|kind\s+regards"
    r"|warm\s+regards|all\s+the\s+best|yours|sincerely|bye|see\s+you|cu|good\s+luck|gl|hf"
    r"|have\s+fun|take\s+care|danke|vielen\s+dank|gru(?:ß|ss)|gr[üu](?:ß|ss)e|viele\s+gr[üu]"
    r"(?:ß|ss)e|lg|vg|mfg|tsch[üu]ss|merci|cordialement|amiti[ée]s|[àa]\s+bient[ôo]t|gracias"
    r"|saludos|obrigad[oa]|abra[çc]os?|grazie|saluti|tack|h[äa]lsningar|mvh|groeten"
    r"|bedankt)\b", re.IGNORECASE)
_PROSE_START = re.compile(
    r"^(?:you|you're|you'll|he|she|they|it|it's|its|this|that|there|here|my|our|your|so|just"
    r"|well|sorry|lol|haha|hmm|oh|ah|wow|yeah|great|nice|good|hope|looking|what|why|how|when"
    r"|who|if|but|and|also|btw|fyi|ps|p\.s\.|could|can|should|did|does|do|is|are|was"
    r"|ich|wir|du|ihr|das|je|nous|on|eu|nós|jag|vi|gg)\b", re.IGNORECASE)
"""Words that open talk and never an order (polite leads such as "I" or "please" are read
by the order grammars, so they are not here)."""
_POLITE_LEAD = re.compile(r"^(?:i|i'm|i'll|i've|i'd|im|we|we're|we'll|let's|lets|ok|okay"
                          r"|please)\b", re.IGNORECASE)
_THINKING = re.compile(r"\b(?:think|thought|hope|guess|believe|feel|wonder|wish|sure|sorry"
                       r"|glad|happy|afraid|love|like|enjoy|mean|meant|know|knew|was|am|been"
                       r"|have|had|can't|cannot|don't|didn't|won't|forgot|agree)\b",
                       re.IGNORECASE)
_BULLET = re.compile(r"^(?:\(?\d{1,3}[.):]|\(?[a-h][.)]|[-*•·+>–—]|\[[ x]\])\s+")
_SENTENCE_END = re.compile(r"[!?]\s*[)\]]?$|[.!?…]\s*(?::-?\)|;-?\)|:D)?$|:-?\)$|;-?\)$")
_WORD = re.compile(r"\S+")

AUTO_SUBJECT = re.compile(
    r"^(?:out\s+of\s+(?:the\s+)?office|automatic\s+reply|auto(?:matic)?[-\s]?(?:reply|response)"
    r"|autoreply|away\s+from\s+(?:my\s+)?(?:desk|office)|on\s+vacation|vacation\s+reply"
    r"|abwesenheitsnotiz|automatische\s+antwort|abwesend|r[ée]ponse\s+automatique"
    r"|absence\s+du\s+bureau|respuesta\s+autom[aá]tica|fuera\s+de\s+la\s+oficina"
    r"|resposta\s+autom[aá]tica|aus\s+dem\s+b[üu]ro|risposta\s+automatica|autosvar"
    r"|fr[åa]nvarande|afwezig|automatisch\s+antwoord)\b", re.IGNORECASE)


def strip_bullet(line: str) -> str:
    """Return the line without a list marker (`1.`, `2)`, `-`, `*`, `•`) in front."""
    return _BULLET.sub("", line.strip(), count=1).strip()


def words(line: str) -> list[str]:
    """Return the words of a line."""
    return _WORD.findall(line)


def is_greeting(line: str) -> bool:
    """Return whether the line is a short salutation such as "Hi all," or "Dear Bruno"."""
    text = line.strip()
    return bool(_GREETING.match(text)) and len(words(text)) <= MAX_GREETING_WORDS and (
        not text[-1:].isalnum() or len(words(text)) <= 3)


def is_closing(line: str) -> bool:
    """Return whether the line is a sign-off such as "Thanks, Bruno" or "Cheers"."""
    text = line.strip()
    return bool(_CLOSING.match(text)) and len(words(text)) <= MAX_GREETING_WORDS


def is_signoff_name(line: str) -> bool:
    """Return whether a line after a closing is just a name ("Bruno", "- B.")."""
    text = line.strip().lstrip("-–— ")
    return 0 < len(words(text)) <= MAX_SIGNOFF_NAME_WORDS and not any(c.isdigit() for c in text)


def is_prose(line: str) -> bool:
    """Return whether a line is plainly talk rather than an order (even a mistyped one).

    Orders may open politely ("I challenge bruno", "please pass"); such a line is talk only
    when it says what the writer thinks or feels, or is long.
    """
    text = line.strip()
    count = len(words(text))
    if text.endswith(("?", ":)", ":-)", ";)", ":D")) and count >= 2:
        return True
    if text.endswith("!") and count >= 3:
        return True
    if _PROSE_START.match(text) and count >= 2:
        return True
    if _POLITE_LEAD.match(text) and _THINKING.search(text):
        return True
    # A long order (a redeployment of many agents) is still an order: length alone says
    # nothing, a long line ending like a sentence does.
    return count >= 8 and bool(_SENTENCE_END.search(text))


def is_chat_only(lines: list[str]) -> bool:
    """Return whether every line is a greeting, a closing or a name after a closing."""
    closed = False
    for line in lines:
        if is_greeting(line) or is_closing(line):
            closed = closed or is_closing(line)
        elif not (closed and is_signoff_name(line)):
            return False
    return True


def is_auto_reply(message: EmailMessage, header: Callable[[EmailMessage, str], str]) -> bool:
    """Return whether a message is automatic: its headers or an out-of-office subject say so."""
    if (header(message, "Auto-Submitted") or "no").lower() != "no":
        return True
    precedence = header(message, "Precedence").lower()
    if precedence in {"auto_reply", "bulk", "junk"}:
        return True
    if any(header(message, name) for name in ("X-Autoreply", "X-Autorespond")):
        return True
    subject = header(message, "Subject")
    return bool(AUTO_SUBJECT.match(re.sub(r"^(?:re|aw|fw|fwd|sv|tr)\s*:\s*", "", subject,
                                          flags=re.IGNORECASE)))

