-- args: --bail=false
-- Bad dot commands are reported with their line and the script goes on.
.lakes extra
.nope
.mode xml
.timer maybe
.open nowhere
.read missing.sql
.read inc/broken.sql
.open "work"
.lakes
.quit
SELECT COUNT(*) FROM nope;
