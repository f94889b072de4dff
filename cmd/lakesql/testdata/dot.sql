-- Every dot command; .quit ends the script before the last statement.
.help
.lakes
.mode
.timer
.timer on
SELECT COUNT(*) FROM orders;
.mode csv
SELECT COUNT(*) AS n FROM orders;
.timer off
.read inc/part.sql
  .mode table
.open other
.lakes
SELECT channel, COUNT(*) FROM tiny GROUP BY channel;
.exit
SELECT COUNT(*) FROM nope;
