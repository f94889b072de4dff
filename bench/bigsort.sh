#!/bin/bash
# bigsort.sh W OUT [LAKESQL]: queries 44 and 45 of -clickbench -cb-big (a
# group per row; every row sorted) at full size on a kept lake W: ours as
# CSV under /usr/bin/time (wall, CPU, peak RSS), DuckDB's COPY of the same
# query (the duckq CLI) to CSV, the two files compared byte for byte.
# For 10M rows, where the harness's tie check takes too long.
set -u
W=$1; O=$2; L=${3:-lakesql}
mkdir -p "$O"
q44="SELECT WatchID, COUNT(*) AS c FROM hits GROUP BY WatchID ORDER BY WatchID"
q45="SELECT WatchID, EventTime, ClientIP FROM hits ORDER BY EventTime, WatchID"
for n in 44 45; do
  q=q$n; q=${!q}
  /usr/bin/time -f "Q$n ours %e s %U u %S s %M KB" "$L" -d "$W" --no-init --format csv -c "$q" > "$O/o$n.csv"
  dq=${q//FROM hits/FROM read_json_auto(\'$W/hits/*/*.jsonl\')}
  /usr/bin/time -f "Q$n duckdb %e s %U u %S s %M KB" duckq "SET threads=2; COPY ($dq) TO '$O/d$n.csv' (HEADER)" > /dev/null
  if cmp -s "$O/o$n.csv" "$O/d$n.csv"; then
    echo "Q$n equal: $(wc -l < "$O/o$n.csv") lines, md5 $(md5sum < "$O/o$n.csv")"
  else
    echo "Q$n DIFFER"; cmp "$O/o$n.csv" "$O/d$n.csv" | head -2
  fi
done
