#!/usr/bin/env python3
"""Drop-in for the lab's /root/parts/gen_orders.py: writes work/raw.jsonl
beside this file with the built `pq gen` (order_id, day, region, channel and
an integer amount; 30 days, 6 regions, 4 channels).

    python3 /root/parts/gen_orders.py [--rows=N] [--seed=S] [--work=DIR]

Defaults: 5000 rows, seed 42, DIR = work/ beside this file. The binary is
found as pq.py finds it. Standard library only.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pq import find_pq  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--work", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "work"))
    a = ap.parse_args()
    pq = find_pq()
    if not pq:
        sys.stderr.write("gen_orders.py: pq binary not found: set PQ_BIN or put pq on PATH\n")
        return 1
    os.makedirs(a.work, exist_ok=True)
    return subprocess.call([pq, "gen", a.work, "--rows=%d" % a.rows, "--seed=%d" % a.seed])


if __name__ == "__main__":
    sys.exit(main())
