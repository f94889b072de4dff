-- Read by dot.sql: statements, a dot command, a nested .read.
SELECT COUNT(*) AS seoul FROM orders WHERE region = 'seoul';
.read inc/nested.sql
