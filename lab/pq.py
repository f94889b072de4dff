#!/usr/bin/env python3
"""Drop-in for the lab's /root/parts/pq.py: runs the built `pq` binary.

    python3 /root/parts/pq.py <command> <workdir> [--flag=value ...]

Arguments, stdin, stdout, stderr and the exit code pass through unchanged:
the JSON contract is pq's own. The binary is, in this order: $PQ_BIN, `pq`
beside this file, `pq` on PATH. Standard library only.
"""
import os
import shutil
import sys


def find_pq():
    env = os.environ.get("PQ_BIN")
    if env:
        return env
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pq")
    if os.path.isfile(here) and os.access(here, os.X_OK):
        return here
    return shutil.which("pq")


def main():
    pq = find_pq()
    if not pq:
        sys.stdout.write('{"error": "pq binary not found: set PQ_BIN or put pq on PATH"}\n')
        sys.stderr.write("pq.py: pq binary not found (build it with: go build -o /usr/local/bin/pq ./cmd/pq)\n")
        return 1
    os.execv(pq, [pq] + sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
