-- stdin
-- args: --format csv
-- A script on stdin: comments, several statements on a line, a statement
-- over lines and a last one without its ';'.
/* a block comment
   over lines; with a semicolon */
SELECT COUNT(*) AS n FROM orders; SELECT COUNT(*) AS m FROM misc;
SELECT region, COUNT(*) AS n
  FROM orders
  WHERE region IN ('seoul', 'busan') -- a comment; with a semicolon
  GROUP BY region;
SELECT note FROM misc WHERE note = 'say "hi"' OR note = 'has, comma'
