"""The recorded Botzone games (tests/data/botzone) as the match logs Botzone's pages export:
the judge's entries and the bots' alternating (docs/formats.md)."""

from __future__ import annotations

import json

from tests.helpers.botzone_record import Record


def match_log(record: Record) -> dict:
    """The match log of a recorded game."""
    log: list[dict] = []
    for number, answers in enumerate(record.rounds):
        output = {"command": "request",
                  "content": {str(s): a.request for s, a in enumerate(answers)}}
        if number == 0:
            output["initdata"] = json.dumps({"walltiles": " ".join(record.walltiles),
                                             "quan": record.quan, "srand": record.srand})
        log.append({"output": output})
        log.append({str(s): {"response": a.response, "verdict": a.verdict}
                    for s, a in enumerate(answers)})
    log.append({"output": {"command": "finish", "display": record.display,
                           "content": {str(s): v for s, v in enumerate(record.scores)}}})
    return {"_id": record.name, "log": log}
