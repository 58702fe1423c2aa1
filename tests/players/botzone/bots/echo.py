"""A Botzone bot that shows what ``data`` and ``globaldata`` it is given: ``echo.py json|simple``.

It writes them to stderr, answers its draw with the drawn tile (PASS otherwise) and saves one
more ``d`` in data and one more ``g`` in globaldata than it was given.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    if sys.argv[1] == "json":
        turn = json.loads(sys.stdin.readline())
        request, data, globaldata = turn["requests"][-1], turn["data"], turn["globaldata"]
    else:
        n = int(sys.stdin.readline())
        request = [sys.stdin.readline().rstrip("\n") for _ in range(2 * n - 1)][-1]
        data, globaldata = sys.stdin.readline().rstrip("\n"), sys.stdin.readline().rstrip("\n")
    print(f"data={data!r} globaldata={globaldata!r}", file=sys.stderr)
    answer = f"PLAY {request[2:]}" if request.startswith("2 ") else "PASS"
    if sys.argv[1] == "json":
        print(json.dumps({"response": answer, "data": data + "d", "globaldata": globaldata + "g"}))
    else:
        print("\n".join([answer, data + "d", globaldata + "g"]))


if __name__ == "__main__":
    main()
