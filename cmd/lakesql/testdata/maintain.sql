-- args: --bail=false
-- CHECK LAKE and VACUUM LAKE: a sound lake, the orphans crashed writers
-- leave (testdata/damaged/crashed), damaged files (a SELECT says the lake is damaged) and a torn manifest.
CHECK LAKE orders;
VACUUM LAKE orders DRY RUN;
.open damaged
CHECK LAKE crashed;
SELECT COUNT(*), SUM(amount) FROM crashed;
VACUUM LAKE crashed DRY RUN;
vacuum lake crashed;
check lake crashed;
VACUUM LAKE crashed;
SELECT COUNT(*), SUM(amount) FROM crashed;
CHECK LAKE broken;
SELECT * FROM broken;
VACUUM LAKE broken DRY RUN;
CHECK LAKE torn;
VACUUM LAKE torn;
CHECK LAKE nolake;
VACUUM LAKE crashed DRY;
.mode jsonlines
CHECK LAKE broken;
SELECT * FROM broken;
