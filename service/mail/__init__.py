"""Mail in and out: reading replies, composing turn emails, the transports and listeners.

- `reading`: the order lines of a player's reply (plain or HTML mail, quotes, signatures);
- `htmltext`: HTML mail as plain text;
- `inbound`: a received message stored first, then authenticated, read and decided;
- `compose`: each outbox row or answered submission as one email for one seat;
- `transport`: sending through an SMTP relay or into the mail folder;
- `smtpd`, `imap`: the ways mail comes in (an SMTP listener, polling a mailbox).
"""
