-- args: --bail=false
-- A lake that grows the way real lakes grow: one large load, then small
-- appends (COPY), then compactions that keep what is already large.
-- raw.jsonl holds orders 1-5000, more1.jsonl and more2.jsonl the next
-- 300 each; oracle_test.go checks the SELECT against those rows.
CREATE LAKE grow FROM 'raw.jsonl' PARTITION BY (channel);
COPY grow FROM 'more1.jsonl';
COPY grow FROM 'more2.jsonl' MAX ROWS 50;
SHOW FILES grow;
-- The plan, without doing it: the large files are kept, the small ones
-- packed into one new file per partition; REWRITE ALL is the lab's rule.
EXPLAIN ALTER LAKE grow COMPACT TARGET 128KiB;
EXPLAIN ALTER LAKE grow COMPACT TARGET 128KiB REWRITE ALL;
ALTER LAKE grow COMPACT TARGET 128KiB;
SHOW FILES grow;
-- Again: each new file is small but alone in its group, so nothing moves.
EXPLAIN ALTER LAKE grow COMPACT TARGET 128KiB;
ALTER LAKE grow COMPACT TARGET 128KiB;
SELECT channel, COUNT(*), SUM(amount) FROM grow GROUP BY channel ORDER BY channel;
-- What fails changes nothing: a malformed line, a ratio out of range,
-- both rules at once.
COPY grow FROM 'bad.jsonl';
ALTER LAKE grow COMPACT SMALL RATIO 1.5;
ALTER LAKE grow COMPACT SMALL RATIO 0.5 REWRITE ALL;
SELECT COUNT(*) FROM grow;
-- The lake's own tables, from its manifest and the history: the files by
-- the generation that wrote them (the load is 0, the COPYs 1 and 2, the
-- compaction 3; the second found nothing to do), its partitions, and its
-- generations.
SELECT generation, COUNT(*) AS files, SUM(rows) AS rows FROM grow.files GROUP BY generation ORDER BY generation;
SELECT channel, files, rows FROM grow$partitions ORDER BY channel;
SELECT generation, operation, files_added, files_removed, time IS NOT NULL AS timed FROM grow.history ORDER BY generation;
SELECT files.path, files.generation FROM grow.files WHERE channel = 'app' ORDER BY 1;
SELECT * FROM grow.snapshots;
