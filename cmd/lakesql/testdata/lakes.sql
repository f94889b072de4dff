-- Lake commands, each printing what its pq twin prints; keywords in any case.
SHOW LAKES;
DESCRIBE misc;
SHOW PARTITIONS orders_fine;
SHOW FILES misc;
SHOW LAYOUT orders_fine;
show layout orders_fine small 4KB;
CREATE LAKE by_channel FROM 'raw.jsonl' PARTITION BY (channel) MAX ROWS 400;
SHOW PARTITIONS by_channel;
alter lake by_channel compact target 64KiB;
SHOW FILES by_channel;
ALTER LAKE by_channel PARTITION BY (region) INTO by_region;
SELECT region, COUNT(*) FROM by_region GROUP BY region;
ALTER LAKE by_region PARTITION BY (qty);
SHOW PARTITIONS by_region;
DROP LAKE by_channel;
DROP LAKE by_region;
SHOW LAKES;
