-- Random interval text (generated once, seed 13: numbers with fractions and signs, every unit and abbreviation, times, '@', 'ago', parts run together) read by TRY_CAST(… AS INTERVAL), DATE_PART and EPOCH, compared with DuckDB by TestHandWrittenQueries. One query a line.
SELECT TRY_CAST('95  day 82:46:04' AS INTERVAL) AS a, date_part('hour', TRY_CAST('95  day 82:46:04' AS INTERVAL)) AS h, epoch(TRY_CAST('95  day 82:46:04' AS INTERVAL)) AS e
SELECT TRY_CAST('-141.874912 ms 131us 70:36' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-141.874912 ms 131us 70:36' AS INTERVAL)) AS h, epoch(TRY_CAST('-141.874912 ms 131us 70:36' AS INTERVAL)) AS e
SELECT TRY_CAST('81:16:35 373' AS INTERVAL) AS a, date_part('hour', TRY_CAST('81:16:35 373' AS INTERVAL)) AS h, epoch(TRY_CAST('81:16:35 373' AS INTERVAL)) AS e
SELECT TRY_CAST('143.414981  us 99yrs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('143.414981  us 99yrs' AS INTERVAL)) AS h, epoch(TRY_CAST('143.414981  us 99yrs' AS INTERVAL)) AS e
SELECT TRY_CAST('-22 DAYS' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-22 DAYS' AS INTERVAL)) AS h, epoch(TRY_CAST('-22 DAYS' AS INTERVAL)) AS e
SELECT TRY_CAST('389.842187  century 70  decade' AS INTERVAL) AS a, date_part('hour', TRY_CAST('389.842187  century 70  decade' AS INTERVAL)) AS h, epoch(TRY_CAST('389.842187  century 70  decade' AS INTERVAL)) AS e
SELECT TRY_CAST('183  mins' AS INTERVAL) AS a, date_part('hour', TRY_CAST('183  mins' AS INTERVAL)) AS h, epoch(TRY_CAST('183  mins' AS INTERVAL)) AS e
SELECT TRY_CAST('35.449991  weeks 175  year 208 quarter ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('35.449991  weeks 175  year 208 quarter ago' AS INTERVAL)) AS h, epoch(TRY_CAST('35.449991  weeks 175  year 208 quarter ago' AS INTERVAL)) AS e
SELECT TRY_CAST('4:00:09 -242' AS INTERVAL) AS a, date_part('hour', TRY_CAST('4:00:09 -242' AS INTERVAL)) AS h, epoch(TRY_CAST('4:00:09 -242' AS INTERVAL)) AS e
SELECT TRY_CAST('132 27:16:15 104.671827min ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('132 27:16:15 104.671827min ago' AS INTERVAL)) AS h, epoch(TRY_CAST('132 27:16:15 104.671827min ago' AS INTERVAL)) AS e
SELECT TRY_CAST('-156 -170  millisecond 26.117371' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-156 -170  millisecond 26.117371' AS INTERVAL)) AS h, epoch(TRY_CAST('-156 -170  millisecond 26.117371' AS INTERVAL)) AS e
SELECT TRY_CAST('184.514747  millisecond 66min' AS INTERVAL) AS a, date_part('hour', TRY_CAST('184.514747  millisecond 66min' AS INTERVAL)) AS h, epoch(TRY_CAST('184.514747  millisecond 66min' AS INTERVAL)) AS e
SELECT TRY_CAST('87:09:59' AS INTERVAL) AS a, date_part('hour', TRY_CAST('87:09:59' AS INTERVAL)) AS h, epoch(TRY_CAST('87:09:59' AS INTERVAL)) AS e
SELECT TRY_CAST('122 hour 280decades 189 day' AS INTERVAL) AS a, date_part('hour', TRY_CAST('122 hour 280decades 189 day' AS INTERVAL)) AS h, epoch(TRY_CAST('122 hour 280decades 189 day' AS INTERVAL)) AS e
SELECT TRY_CAST('7.112359 ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('7.112359 ago' AS INTERVAL)) AS h, epoch(TRY_CAST('7.112359 ago' AS INTERVAL)) AS e
SELECT TRY_CAST('345 y 198 day 57:19:01' AS INTERVAL) AS a, date_part('hour', TRY_CAST('345 y 198 day 57:19:01' AS INTERVAL)) AS h, epoch(TRY_CAST('345 y 198 day 57:19:01' AS INTERVAL)) AS e
SELECT TRY_CAST('390 hrs 274 Hour' AS INTERVAL) AS a, date_part('hour', TRY_CAST('390 hrs 274 Hour' AS INTERVAL)) AS h, epoch(TRY_CAST('390 hrs 274 Hour' AS INTERVAL)) AS e
SELECT TRY_CAST('-64  mons' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-64  mons' AS INTERVAL)) AS h, epoch(TRY_CAST('-64  mons' AS INTERVAL)) AS e
SELECT TRY_CAST('361.781552millisecond397m19:41:32' AS INTERVAL) AS a, date_part('hour', TRY_CAST('361.781552millisecond397m19:41:32' AS INTERVAL)) AS h, epoch(TRY_CAST('361.781552millisecond397m19:41:32' AS INTERVAL)) AS e
SELECT TRY_CAST('4 centuries ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('4 centuries ago' AS INTERVAL)) AS h, epoch(TRY_CAST('4 centuries ago' AS INTERVAL)) AS e
SELECT TRY_CAST('-6msec 17:43:14' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-6msec 17:43:14' AS INTERVAL)) AS h, epoch(TRY_CAST('-6msec 17:43:14' AS INTERVAL)) AS e
SELECT TRY_CAST('-279.672869  usec 182  us 65:26:54' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-279.672869  usec 182  us 65:26:54' AS INTERVAL)) AS h, epoch(TRY_CAST('-279.672869  usec 182  us 65:26:54' AS INTERVAL)) AS e
SELECT TRY_CAST('39 m' AS INTERVAL) AS a, date_part('hour', TRY_CAST('39 m' AS INTERVAL)) AS h, epoch(TRY_CAST('39 m' AS INTERVAL)) AS e
SELECT TRY_CAST('-383hours153hours' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-383hours153hours' AS INTERVAL)) AS h, epoch(TRY_CAST('-383hours153hours' AS INTERVAL)) AS e
SELECT TRY_CAST('-57.687943 108days 118.458711millennium' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-57.687943 108days 118.458711millennium' AS INTERVAL)) AS h, epoch(TRY_CAST('-57.687943 108days 118.458711millennium' AS INTERVAL)) AS e
SELECT TRY_CAST('19:07:39.860095 -89 m' AS INTERVAL) AS a, date_part('hour', TRY_CAST('19:07:39.860095 -89 m' AS INTERVAL)) AS h, epoch(TRY_CAST('19:07:39.860095 -89 m' AS INTERVAL)) AS e
SELECT TRY_CAST('-144  hours -82hrs 319us' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-144  hours -82hrs 319us' AS INTERVAL)) AS h, epoch(TRY_CAST('-144  hours -82hrs 319us' AS INTERVAL)) AS e
SELECT TRY_CAST('244.244680 mon 45 ms -361  mons' AS INTERVAL) AS a, date_part('hour', TRY_CAST('244.244680 mon 45 ms -361  mons' AS INTERVAL)) AS h, epoch(TRY_CAST('244.244680 mon 45 ms -361  mons' AS INTERVAL)) AS e
SELECT TRY_CAST('178day' AS INTERVAL) AS a, date_part('hour', TRY_CAST('178day' AS INTERVAL)) AS h, epoch(TRY_CAST('178day' AS INTERVAL)) AS e
SELECT TRY_CAST('76:27' AS INTERVAL) AS a, date_part('hour', TRY_CAST('76:27' AS INTERVAL)) AS h, epoch(TRY_CAST('76:27' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 50:50:58 -205  w' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 50:50:58 -205  w' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 50:50:58 -205  w' AS INTERVAL)) AS e
SELECT TRY_CAST('398  hour 22 y 24:47' AS INTERVAL) AS a, date_part('hour', TRY_CAST('398  hour 22 y 24:47' AS INTERVAL)) AS h, epoch(TRY_CAST('398  hour 22 y 24:47' AS INTERVAL)) AS e
SELECT TRY_CAST('113  hour -19ms 201  mons' AS INTERVAL) AS a, date_part('hour', TRY_CAST('113  hour -19ms 201  mons' AS INTERVAL)) AS h, epoch(TRY_CAST('113  hour -19ms 201  mons' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 273  year -327  mon' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 273  year -327  mon' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 273  year -327  mon' AS INTERVAL)) AS e
SELECT TRY_CAST('-21.211963 week' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-21.211963 week' AS INTERVAL)) AS h, epoch(TRY_CAST('-21.211963 week' AS INTERVAL)) AS e
SELECT TRY_CAST('-34.309143 252.2044yrs -368.624069  DAYS' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-34.309143 252.2044yrs -368.624069  DAYS' AS INTERVAL)) AS h, epoch(TRY_CAST('-34.309143 252.2044yrs -368.624069  DAYS' AS INTERVAL)) AS e
SELECT TRY_CAST('230.710183 day' AS INTERVAL) AS a, date_part('hour', TRY_CAST('230.710183 day' AS INTERVAL)) AS h, epoch(TRY_CAST('230.710183 day' AS INTERVAL)) AS e
SELECT TRY_CAST('74:33' AS INTERVAL) AS a, date_part('hour', TRY_CAST('74:33' AS INTERVAL)) AS h, epoch(TRY_CAST('74:33' AS INTERVAL)) AS e
SELECT TRY_CAST('-316.433777 minutes 54 hr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-316.433777 minutes 54 hr' AS INTERVAL)) AS h, epoch(TRY_CAST('-316.433777 minutes 54 hr' AS INTERVAL)) AS e
SELECT TRY_CAST('111  weeks' AS INTERVAL) AS a, date_part('hour', TRY_CAST('111  weeks' AS INTERVAL)) AS h, epoch(TRY_CAST('111  weeks' AS INTERVAL)) AS e
SELECT TRY_CAST('74:08:15 -51 ms -38 month' AS INTERVAL) AS a, date_part('hour', TRY_CAST('74:08:15 -51 ms -38 month' AS INTERVAL)) AS h, epoch(TRY_CAST('74:08:15 -51 ms -38 month' AS INTERVAL)) AS e
SELECT TRY_CAST('292  year' AS INTERVAL) AS a, date_part('hour', TRY_CAST('292  year' AS INTERVAL)) AS h, epoch(TRY_CAST('292  year' AS INTERVAL)) AS e
SELECT TRY_CAST('40 month -79yrs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('40 month -79yrs' AS INTERVAL)) AS h, epoch(TRY_CAST('40 month -79yrs' AS INTERVAL)) AS e
SELECT TRY_CAST('53:52:12.562293 156.473110 year 36 hours' AS INTERVAL) AS a, date_part('hour', TRY_CAST('53:52:12.562293 156.473110 year 36 hours' AS INTERVAL)) AS h, epoch(TRY_CAST('53:52:12.562293 156.473110 year 36 hours' AS INTERVAL)) AS e
SELECT TRY_CAST('10  mins 380.846482 mons' AS INTERVAL) AS a, date_part('hour', TRY_CAST('10  mins 380.846482 mons' AS INTERVAL)) AS h, epoch(TRY_CAST('10  mins 380.846482 mons' AS INTERVAL)) AS e
SELECT TRY_CAST('98:57:15.758196' AS INTERVAL) AS a, date_part('hour', TRY_CAST('98:57:15.758196' AS INTERVAL)) AS h, epoch(TRY_CAST('98:57:15.758196' AS INTERVAL)) AS e
SELECT TRY_CAST('182.832092 week ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('182.832092 week ago' AS INTERVAL)) AS h, epoch(TRY_CAST('182.832092 week ago' AS INTERVAL)) AS e
SELECT TRY_CAST('33:58:46' AS INTERVAL) AS a, date_part('hour', TRY_CAST('33:58:46' AS INTERVAL)) AS h, epoch(TRY_CAST('33:58:46' AS INTERVAL)) AS e
SELECT TRY_CAST('-354.444359millisecond -53mins' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-354.444359millisecond -53mins' AS INTERVAL)) AS h, epoch(TRY_CAST('-354.444359millisecond -53mins' AS INTERVAL)) AS e
SELECT TRY_CAST('@ -263.334578  min 215' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ -263.334578  min 215' AS INTERVAL)) AS h, epoch(TRY_CAST('@ -263.334578  min 215' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 245  day 335.870359' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 245  day 335.870359' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 245  day 335.870359' AS INTERVAL)) AS e
SELECT TRY_CAST('-80sec 64:06:13.889122' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-80sec 64:06:13.889122' AS INTERVAL)) AS h, epoch(TRY_CAST('-80sec 64:06:13.889122' AS INTERVAL)) AS e
SELECT TRY_CAST('138.470639seconds' AS INTERVAL) AS a, date_part('hour', TRY_CAST('138.470639seconds' AS INTERVAL)) AS h, epoch(TRY_CAST('138.470639seconds' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 147 98:16.982501' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 147 98:16.982501' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 147 98:16.982501' AS INTERVAL)) AS e
SELECT TRY_CAST('33:58:37 194.487284 months 90.250331years' AS INTERVAL) AS a, date_part('hour', TRY_CAST('33:58:37 194.487284 months 90.250331years' AS INTERVAL)) AS h, epoch(TRY_CAST('33:58:37 194.487284 months 90.250331years' AS INTERVAL)) AS e
SELECT TRY_CAST('23:45:34 298.641085ms ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('23:45:34 298.641085ms ago' AS INTERVAL)) AS h, epoch(TRY_CAST('23:45:34 298.641085ms ago' AS INTERVAL)) AS e
SELECT TRY_CAST('245msec -327.463861 hour' AS INTERVAL) AS a, date_part('hour', TRY_CAST('245msec -327.463861 hour' AS INTERVAL)) AS h, epoch(TRY_CAST('245msec -327.463861 hour' AS INTERVAL)) AS e
SELECT TRY_CAST('-192  w 217  minutes' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-192  w 217  minutes' AS INTERVAL)) AS h, epoch(TRY_CAST('-192  w 217  minutes' AS INTERVAL)) AS e
SELECT TRY_CAST('245.426751  year 42:17 -282  hr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('245.426751  year 42:17 -282  hr' AS INTERVAL)) AS h, epoch(TRY_CAST('245.426751  year 42:17 -282  hr' AS INTERVAL)) AS e
SELECT TRY_CAST('@ -107d 151' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ -107d 151' AS INTERVAL)) AS h, epoch(TRY_CAST('@ -107d 151' AS INTERVAL)) AS e
SELECT TRY_CAST('-119.920985us 244d 174y' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-119.920985us 244d 174y' AS INTERVAL)) AS h, epoch(TRY_CAST('-119.920985us 244d 174y' AS INTERVAL)) AS e
SELECT TRY_CAST('-107min -20  hour 239' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-107min -20  hour 239' AS INTERVAL)) AS h, epoch(TRY_CAST('-107min -20  hour 239' AS INTERVAL)) AS e
SELECT TRY_CAST('136.954047 centuries -176 301.133335' AS INTERVAL) AS a, date_part('hour', TRY_CAST('136.954047 centuries -176 301.133335' AS INTERVAL)) AS h, epoch(TRY_CAST('136.954047 centuries -176 301.133335' AS INTERVAL)) AS e
SELECT TRY_CAST('-86msec -218  decades' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-86msec -218  decades' AS INTERVAL)) AS h, epoch(TRY_CAST('-86msec -218  decades' AS INTERVAL)) AS e
SELECT TRY_CAST('88:35 289year' AS INTERVAL) AS a, date_part('hour', TRY_CAST('88:35 289year' AS INTERVAL)) AS h, epoch(TRY_CAST('88:35 289year' AS INTERVAL)) AS e
SELECT TRY_CAST('18  secs -80decades' AS INTERVAL) AS a, date_part('hour', TRY_CAST('18  secs -80decades' AS INTERVAL)) AS h, epoch(TRY_CAST('18  secs -80decades' AS INTERVAL)) AS e
SELECT TRY_CAST('52:10:16' AS INTERVAL) AS a, date_part('hour', TRY_CAST('52:10:16' AS INTERVAL)) AS h, epoch(TRY_CAST('52:10:16' AS INTERVAL)) AS e
SELECT TRY_CAST('112.719841 226.292703 hours 211.669733 usec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('112.719841 226.292703 hours 211.669733 usec' AS INTERVAL)) AS h, epoch(TRY_CAST('112.719841 226.292703 hours 211.669733 usec' AS INTERVAL)) AS e
SELECT TRY_CAST('65h160weeks' AS INTERVAL) AS a, date_part('hour', TRY_CAST('65h160weeks' AS INTERVAL)) AS h, epoch(TRY_CAST('65h160weeks' AS INTERVAL)) AS e
SELECT TRY_CAST('360 quarter -250week' AS INTERVAL) AS a, date_part('hour', TRY_CAST('360 quarter -250week' AS INTERVAL)) AS h, epoch(TRY_CAST('360 quarter -250week' AS INTERVAL)) AS e
SELECT TRY_CAST('11:40:29' AS INTERVAL) AS a, date_part('hour', TRY_CAST('11:40:29' AS INTERVAL)) AS h, epoch(TRY_CAST('11:40:29' AS INTERVAL)) AS e
SELECT TRY_CAST('20 DAYS' AS INTERVAL) AS a, date_part('hour', TRY_CAST('20 DAYS' AS INTERVAL)) AS h, epoch(TRY_CAST('20 DAYS' AS INTERVAL)) AS e
SELECT TRY_CAST('278 hours' AS INTERVAL) AS a, date_part('hour', TRY_CAST('278 hours' AS INTERVAL)) AS h, epoch(TRY_CAST('278 hours' AS INTERVAL)) AS e
SELECT TRY_CAST('264 hrs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('264 hrs' AS INTERVAL)) AS h, epoch(TRY_CAST('264 hrs' AS INTERVAL)) AS e
SELECT TRY_CAST('14mins ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('14mins ago' AS INTERVAL)) AS h, epoch(TRY_CAST('14mins ago' AS INTERVAL)) AS e
SELECT TRY_CAST('-6hr -227  yrs 368' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-6hr -227  yrs 368' AS INTERVAL)) AS h, epoch(TRY_CAST('-6hr -227  yrs 368' AS INTERVAL)) AS e
SELECT TRY_CAST('24.312380  h -296 months 107.388864 m' AS INTERVAL) AS a, date_part('hour', TRY_CAST('24.312380  h -296 months 107.388864 m' AS INTERVAL)) AS h, epoch(TRY_CAST('24.312380  h -296 months 107.388864 m' AS INTERVAL)) AS e
SELECT TRY_CAST('85:58:34' AS INTERVAL) AS a, date_part('hour', TRY_CAST('85:58:34' AS INTERVAL)) AS h, epoch(TRY_CAST('85:58:34' AS INTERVAL)) AS e
SELECT TRY_CAST('238 minute -125 microsecond 143.536099 msec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('238 minute -125 microsecond 143.536099 msec' AS INTERVAL)) AS h, epoch(TRY_CAST('238 minute -125 microsecond 143.536099 msec' AS INTERVAL)) AS e
SELECT TRY_CAST('9.377311 359minute 106weeks' AS INTERVAL) AS a, date_part('hour', TRY_CAST('9.377311 359minute 106weeks' AS INTERVAL)) AS h, epoch(TRY_CAST('9.377311 359minute 106weeks' AS INTERVAL)) AS e
SELECT TRY_CAST('193mon' AS INTERVAL) AS a, date_part('hour', TRY_CAST('193mon' AS INTERVAL)) AS h, epoch(TRY_CAST('193mon' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 105.920140 day 87microsecond' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 105.920140 day 87microsecond' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 105.920140 day 87microsecond' AS INTERVAL)) AS e
SELECT TRY_CAST('133.533924millennia 345 msec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('133.533924millennia 345 msec' AS INTERVAL)) AS h, epoch(TRY_CAST('133.533924millennia 345 msec' AS INTERVAL)) AS e
SELECT TRY_CAST('-397 minutes' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-397 minutes' AS INTERVAL)) AS h, epoch(TRY_CAST('-397 minutes' AS INTERVAL)) AS e
SELECT TRY_CAST('150  m' AS INTERVAL) AS a, date_part('hour', TRY_CAST('150  m' AS INTERVAL)) AS h, epoch(TRY_CAST('150  m' AS INTERVAL)) AS e
SELECT TRY_CAST('396.927031msec 147 s' AS INTERVAL) AS a, date_part('hour', TRY_CAST('396.927031msec 147 s' AS INTERVAL)) AS h, epoch(TRY_CAST('396.927031msec 147 s' AS INTERVAL)) AS e
SELECT TRY_CAST('398.658314 millennia 3  year 357.170546mons' AS INTERVAL) AS a, date_part('hour', TRY_CAST('398.658314 millennia 3  year 357.170546mons' AS INTERVAL)) AS h, epoch(TRY_CAST('398.658314 millennia 3  year 357.170546mons' AS INTERVAL)) AS e
SELECT TRY_CAST('337 years' AS INTERVAL) AS a, date_part('hour', TRY_CAST('337 years' AS INTERVAL)) AS h, epoch(TRY_CAST('337 years' AS INTERVAL)) AS e
SELECT TRY_CAST('179DAYS ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('179DAYS ago' AS INTERVAL)) AS h, epoch(TRY_CAST('179DAYS ago' AS INTERVAL)) AS e
SELECT TRY_CAST('-70mins14:49.40058' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-70mins14:49.40058' AS INTERVAL)) AS h, epoch(TRY_CAST('-70mins14:49.40058' AS INTERVAL)) AS e
SELECT TRY_CAST('94.610668  days' AS INTERVAL) AS a, date_part('hour', TRY_CAST('94.610668  days' AS INTERVAL)) AS h, epoch(TRY_CAST('94.610668  days' AS INTERVAL)) AS e
SELECT TRY_CAST('23 months 74:43:43.986388' AS INTERVAL) AS a, date_part('hour', TRY_CAST('23 months 74:43:43.986388' AS INTERVAL)) AS h, epoch(TRY_CAST('23 months 74:43:43.986388' AS INTERVAL)) AS e
SELECT TRY_CAST('6:46:25 36:29:49' AS INTERVAL) AS a, date_part('hour', TRY_CAST('6:46:25 36:29:49' AS INTERVAL)) AS h, epoch(TRY_CAST('6:46:25 36:29:49' AS INTERVAL)) AS e
SELECT TRY_CAST('165  usec 10  hours' AS INTERVAL) AS a, date_part('hour', TRY_CAST('165  usec 10  hours' AS INTERVAL)) AS h, epoch(TRY_CAST('165  usec 10  hours' AS INTERVAL)) AS e
SELECT TRY_CAST('356.338833  mons 89:51:47.967370' AS INTERVAL) AS a, date_part('hour', TRY_CAST('356.338833  mons 89:51:47.967370' AS INTERVAL)) AS h, epoch(TRY_CAST('356.338833  mons 89:51:47.967370' AS INTERVAL)) AS e
SELECT TRY_CAST('49:42:38 -244 36:03:55' AS INTERVAL) AS a, date_part('hour', TRY_CAST('49:42:38 -244 36:03:55' AS INTERVAL)) AS h, epoch(TRY_CAST('49:42:38 -244 36:03:55' AS INTERVAL)) AS e
SELECT TRY_CAST('-50  months -359 day' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-50  months -359 day' AS INTERVAL)) AS h, epoch(TRY_CAST('-50  months -359 day' AS INTERVAL)) AS e
SELECT TRY_CAST('98:07:44 -349.195051  month 7 decade' AS INTERVAL) AS a, date_part('hour', TRY_CAST('98:07:44 -349.195051  month 7 decade' AS INTERVAL)) AS h, epoch(TRY_CAST('98:07:44 -349.195051  month 7 decade' AS INTERVAL)) AS e
SELECT TRY_CAST('159.853322mons -116.832502years -187 us' AS INTERVAL) AS a, date_part('hour', TRY_CAST('159.853322mons -116.832502years -187 us' AS INTERVAL)) AS h, epoch(TRY_CAST('159.853322mons -116.832502years -187 us' AS INTERVAL)) AS e
SELECT TRY_CAST('341 mons 141 DAYS 27.403  mons' AS INTERVAL) AS a, date_part('hour', TRY_CAST('341 mons 141 DAYS 27.403  mons' AS INTERVAL)) AS h, epoch(TRY_CAST('341 mons 141 DAYS 27.403  mons' AS INTERVAL)) AS e
SELECT TRY_CAST('12hours ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('12hours ago' AS INTERVAL)) AS h, epoch(TRY_CAST('12hours ago' AS INTERVAL)) AS e
SELECT TRY_CAST('51:46:02 328.411512' AS INTERVAL) AS a, date_part('hour', TRY_CAST('51:46:02 328.411512' AS INTERVAL)) AS h, epoch(TRY_CAST('51:46:02 328.411512' AS INTERVAL)) AS e
SELECT TRY_CAST('-220w149secs26.470133' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-220w149secs26.470133' AS INTERVAL)) AS h, epoch(TRY_CAST('-220w149secs26.470133' AS INTERVAL)) AS e
SELECT TRY_CAST('381  hour -225.611736 microsecond ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('381  hour -225.611736 microsecond ago' AS INTERVAL)) AS h, epoch(TRY_CAST('381  hour -225.611736 microsecond ago' AS INTERVAL)) AS e
SELECT TRY_CAST('91d-171day371ms' AS INTERVAL) AS a, date_part('hour', TRY_CAST('91d-171day371ms' AS INTERVAL)) AS h, epoch(TRY_CAST('91d-171day371ms' AS INTERVAL)) AS e
SELECT TRY_CAST('263  mins -262minutes 38:19:58' AS INTERVAL) AS a, date_part('hour', TRY_CAST('263  mins -262minutes 38:19:58' AS INTERVAL)) AS h, epoch(TRY_CAST('263  mins -262minutes 38:19:58' AS INTERVAL)) AS e
SELECT TRY_CAST('138 s 64:23' AS INTERVAL) AS a, date_part('hour', TRY_CAST('138 s 64:23' AS INTERVAL)) AS h, epoch(TRY_CAST('138 s 64:23' AS INTERVAL)) AS e
SELECT TRY_CAST('399.512079centuries' AS INTERVAL) AS a, date_part('hour', TRY_CAST('399.512079centuries' AS INTERVAL)) AS h, epoch(TRY_CAST('399.512079centuries' AS INTERVAL)) AS e
SELECT TRY_CAST('307hours' AS INTERVAL) AS a, date_part('hour', TRY_CAST('307hours' AS INTERVAL)) AS h, epoch(TRY_CAST('307hours' AS INTERVAL)) AS e
SELECT TRY_CAST('298  millennia' AS INTERVAL) AS a, date_part('hour', TRY_CAST('298  millennia' AS INTERVAL)) AS h, epoch(TRY_CAST('298  millennia' AS INTERVAL)) AS e
SELECT TRY_CAST('226s 57 mon' AS INTERVAL) AS a, date_part('hour', TRY_CAST('226s 57 mon' AS INTERVAL)) AS h, epoch(TRY_CAST('226s 57 mon' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 30h' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 30h' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 30h' AS INTERVAL)) AS e
SELECT TRY_CAST('284  second' AS INTERVAL) AS a, date_part('hour', TRY_CAST('284  second' AS INTERVAL)) AS h, epoch(TRY_CAST('284  second' AS INTERVAL)) AS e
SELECT TRY_CAST('-112 secs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-112 secs' AS INTERVAL)) AS h, epoch(TRY_CAST('-112 secs' AS INTERVAL)) AS e
SELECT TRY_CAST('-51 week' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-51 week' AS INTERVAL)) AS h, epoch(TRY_CAST('-51 week' AS INTERVAL)) AS e
SELECT TRY_CAST('397  hr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('397  hr' AS INTERVAL)) AS h, epoch(TRY_CAST('397  hr' AS INTERVAL)) AS e
SELECT TRY_CAST('-34.376019hours ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-34.376019hours ago' AS INTERVAL)) AS h, epoch(TRY_CAST('-34.376019hours ago' AS INTERVAL)) AS e
SELECT TRY_CAST('131' AS INTERVAL) AS a, date_part('hour', TRY_CAST('131' AS INTERVAL)) AS h, epoch(TRY_CAST('131' AS INTERVAL)) AS e
SELECT TRY_CAST('41:50:10 19:29:34' AS INTERVAL) AS a, date_part('hour', TRY_CAST('41:50:10 19:29:34' AS INTERVAL)) AS h, epoch(TRY_CAST('41:50:10 19:29:34' AS INTERVAL)) AS e
SELECT TRY_CAST('395millennia' AS INTERVAL) AS a, date_part('hour', TRY_CAST('395millennia' AS INTERVAL)) AS h, epoch(TRY_CAST('395millennia' AS INTERVAL)) AS e
SELECT TRY_CAST('-49.571420  mins 45:47:20' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-49.571420  mins 45:47:20' AS INTERVAL)) AS h, epoch(TRY_CAST('-49.571420  mins 45:47:20' AS INTERVAL)) AS e
SELECT TRY_CAST('-281 days -324.461950 79  yr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-281 days -324.461950 79  yr' AS INTERVAL)) AS h, epoch(TRY_CAST('-281 days -324.461950 79  yr' AS INTERVAL)) AS e
SELECT TRY_CAST('51:58 90DAYS' AS INTERVAL) AS a, date_part('hour', TRY_CAST('51:58 90DAYS' AS INTERVAL)) AS h, epoch(TRY_CAST('51:58 90DAYS' AS INTERVAL)) AS e
SELECT TRY_CAST('11:21:21 161hour 261.327878 h' AS INTERVAL) AS a, date_part('hour', TRY_CAST('11:21:21 161hour 261.327878 h' AS INTERVAL)) AS h, epoch(TRY_CAST('11:21:21 161hour 261.327878 h' AS INTERVAL)) AS e
SELECT TRY_CAST('124 decade -111 weeks 306.501173century' AS INTERVAL) AS a, date_part('hour', TRY_CAST('124 decade -111 weeks 306.501173century' AS INTERVAL)) AS h, epoch(TRY_CAST('124 decade -111 weeks 306.501173century' AS INTERVAL)) AS e
SELECT TRY_CAST('299.645907  us 323  quarters 278month' AS INTERVAL) AS a, date_part('hour', TRY_CAST('299.645907  us 323  quarters 278month' AS INTERVAL)) AS h, epoch(TRY_CAST('299.645907  us 323  quarters 278month' AS INTERVAL)) AS e
SELECT TRY_CAST('74:42 -112h 322.426100' AS INTERVAL) AS a, date_part('hour', TRY_CAST('74:42 -112h 322.426100' AS INTERVAL)) AS h, epoch(TRY_CAST('74:42 -112h 322.426100' AS INTERVAL)) AS e
SELECT TRY_CAST('379sec325.503482367.743060msec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('379sec325.503482367.743060msec' AS INTERVAL)) AS h, epoch(TRY_CAST('379sec325.503482367.743060msec' AS INTERVAL)) AS e
SELECT TRY_CAST('-154  us 265.192830 quarters' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-154  us 265.192830 quarters' AS INTERVAL)) AS h, epoch(TRY_CAST('-154  us 265.192830 quarters' AS INTERVAL)) AS e
SELECT TRY_CAST('-252  Hour -319 millennia -167.520147 year' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-252  Hour -319 millennia -167.520147 year' AS INTERVAL)) AS h, epoch(TRY_CAST('-252  Hour -319 millennia -167.520147 year' AS INTERVAL)) AS e
SELECT TRY_CAST('278  w' AS INTERVAL) AS a, date_part('hour', TRY_CAST('278  w' AS INTERVAL)) AS h, epoch(TRY_CAST('278  w' AS INTERVAL)) AS e
SELECT TRY_CAST('79:52:38 -329.990585 decade' AS INTERVAL) AS a, date_part('hour', TRY_CAST('79:52:38 -329.990585 decade' AS INTERVAL)) AS h, epoch(TRY_CAST('79:52:38 -329.990585 decade' AS INTERVAL)) AS e
SELECT TRY_CAST('390yrs 86.133247  minutes -283millisecond' AS INTERVAL) AS a, date_part('hour', TRY_CAST('390yrs 86.133247  minutes -283millisecond' AS INTERVAL)) AS h, epoch(TRY_CAST('390yrs 86.133247  minutes -283millisecond' AS INTERVAL)) AS e
SELECT TRY_CAST('-25 second -286mons 120' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-25 second -286mons 120' AS INTERVAL)) AS h, epoch(TRY_CAST('-25 second -286mons 120' AS INTERVAL)) AS e
SELECT TRY_CAST('333.317323month' AS INTERVAL) AS a, date_part('hour', TRY_CAST('333.317323month' AS INTERVAL)) AS h, epoch(TRY_CAST('333.317323month' AS INTERVAL)) AS e
SELECT TRY_CAST('-370 hour 41:51:03.737550 195.465568seconds' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-370 hour 41:51:03.737550 195.465568seconds' AS INTERVAL)) AS h, epoch(TRY_CAST('-370 hour 41:51:03.737550 195.465568seconds' AS INTERVAL)) AS e
SELECT TRY_CAST('284.66566  yr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('284.66566  yr' AS INTERVAL)) AS h, epoch(TRY_CAST('284.66566  yr' AS INTERVAL)) AS e
SELECT TRY_CAST('-125 hr 355' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-125 hr 355' AS INTERVAL)) AS h, epoch(TRY_CAST('-125 hr 355' AS INTERVAL)) AS e
SELECT TRY_CAST('332yrs -203week -248usec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('332yrs -203week -248usec' AS INTERVAL)) AS h, epoch(TRY_CAST('332yrs -203week -248usec' AS INTERVAL)) AS e
SELECT TRY_CAST('382  second 337 days 224  century' AS INTERVAL) AS a, date_part('hour', TRY_CAST('382  second 337 days 224  century' AS INTERVAL)) AS h, epoch(TRY_CAST('382  second 337 days 224  century' AS INTERVAL)) AS e
SELECT TRY_CAST('-27' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-27' AS INTERVAL)) AS h, epoch(TRY_CAST('-27' AS INTERVAL)) AS e
SELECT TRY_CAST('106century 399  century ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('106century 399  century ago' AS INTERVAL)) AS h, epoch(TRY_CAST('106century 399  century ago' AS INTERVAL)) AS e
SELECT TRY_CAST('72:46:29.891032' AS INTERVAL) AS a, date_part('hour', TRY_CAST('72:46:29.891032' AS INTERVAL)) AS h, epoch(TRY_CAST('72:46:29.891032' AS INTERVAL)) AS e
SELECT TRY_CAST('-245.127605 98:32 113.312910  usec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-245.127605 98:32 113.312910  usec' AS INTERVAL)) AS h, epoch(TRY_CAST('-245.127605 98:32 113.312910  usec' AS INTERVAL)) AS e
SELECT TRY_CAST('-21  years 192mon 107 s' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-21  years 192mon 107 s' AS INTERVAL)) AS h, epoch(TRY_CAST('-21  years 192mon 107 s' AS INTERVAL)) AS e
SELECT TRY_CAST('258.670884DAYS' AS INTERVAL) AS a, date_part('hour', TRY_CAST('258.670884DAYS' AS INTERVAL)) AS h, epoch(TRY_CAST('258.670884DAYS' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 38.636832  day 326minutes -312.827955  quarters' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 38.636832  day 326minutes -312.827955  quarters' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 38.636832  day 326minutes -312.827955  quarters' AS INTERVAL)) AS e
SELECT TRY_CAST('-126' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-126' AS INTERVAL)) AS h, epoch(TRY_CAST('-126' AS INTERVAL)) AS e
SELECT TRY_CAST('157decades' AS INTERVAL) AS a, date_part('hour', TRY_CAST('157decades' AS INTERVAL)) AS h, epoch(TRY_CAST('157decades' AS INTERVAL)) AS e
SELECT TRY_CAST('86Hour' AS INTERVAL) AS a, date_part('hour', TRY_CAST('86Hour' AS INTERVAL)) AS h, epoch(TRY_CAST('86Hour' AS INTERVAL)) AS e
SELECT TRY_CAST('46  mon' AS INTERVAL) AS a, date_part('hour', TRY_CAST('46  mon' AS INTERVAL)) AS h, epoch(TRY_CAST('46  mon' AS INTERVAL)) AS e
SELECT TRY_CAST('246.945392 min' AS INTERVAL) AS a, date_part('hour', TRY_CAST('246.945392 min' AS INTERVAL)) AS h, epoch(TRY_CAST('246.945392 min' AS INTERVAL)) AS e
SELECT TRY_CAST('-396 millennium' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-396 millennium' AS INTERVAL)) AS h, epoch(TRY_CAST('-396 millennium' AS INTERVAL)) AS e
SELECT TRY_CAST('363.282498hour 15:08:18' AS INTERVAL) AS a, date_part('hour', TRY_CAST('363.282498hour 15:08:18' AS INTERVAL)) AS h, epoch(TRY_CAST('363.282498hour 15:08:18' AS INTERVAL)) AS e
SELECT TRY_CAST('89.889965 msec 54hours 72:06:05' AS INTERVAL) AS a, date_part('hour', TRY_CAST('89.889965 msec 54hours 72:06:05' AS INTERVAL)) AS h, epoch(TRY_CAST('89.889965 msec 54hours 72:06:05' AS INTERVAL)) AS e
SELECT TRY_CAST('27  seconds 243' AS INTERVAL) AS a, date_part('hour', TRY_CAST('27  seconds 243' AS INTERVAL)) AS h, epoch(TRY_CAST('27  seconds 243' AS INTERVAL)) AS e
SELECT TRY_CAST('391  hours 33:51:55 -155.649834 d' AS INTERVAL) AS a, date_part('hour', TRY_CAST('391  hours 33:51:55 -155.649834 d' AS INTERVAL)) AS h, epoch(TRY_CAST('391  hours 33:51:55 -155.649834 d' AS INTERVAL)) AS e
SELECT TRY_CAST('394 centuries' AS INTERVAL) AS a, date_part('hour', TRY_CAST('394 centuries' AS INTERVAL)) AS h, epoch(TRY_CAST('394 centuries' AS INTERVAL)) AS e
SELECT TRY_CAST('87  minute' AS INTERVAL) AS a, date_part('hour', TRY_CAST('87  minute' AS INTERVAL)) AS h, epoch(TRY_CAST('87  minute' AS INTERVAL)) AS e
SELECT TRY_CAST('-261 79' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-261 79' AS INTERVAL)) AS h, epoch(TRY_CAST('-261 79' AS INTERVAL)) AS e
SELECT TRY_CAST('326.469541hrs -226  day' AS INTERVAL) AS a, date_part('hour', TRY_CAST('326.469541hrs -226  day' AS INTERVAL)) AS h, epoch(TRY_CAST('326.469541hrs -226  day' AS INTERVAL)) AS e
SELECT TRY_CAST('302  hrs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('302  hrs' AS INTERVAL)) AS h, epoch(TRY_CAST('302  hrs' AS INTERVAL)) AS e
SELECT TRY_CAST('340  minutes' AS INTERVAL) AS a, date_part('hour', TRY_CAST('340  minutes' AS INTERVAL)) AS h, epoch(TRY_CAST('340  minutes' AS INTERVAL)) AS e
SELECT TRY_CAST('19:51 60:42:20' AS INTERVAL) AS a, date_part('hour', TRY_CAST('19:51 60:42:20' AS INTERVAL)) AS h, epoch(TRY_CAST('19:51 60:42:20' AS INTERVAL)) AS e
SELECT TRY_CAST('-114 hrs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-114 hrs' AS INTERVAL)) AS h, epoch(TRY_CAST('-114 hrs' AS INTERVAL)) AS e
SELECT TRY_CAST('-308  yrs 155msec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-308  yrs 155msec' AS INTERVAL)) AS h, epoch(TRY_CAST('-308  yrs 155msec' AS INTERVAL)) AS e
SELECT TRY_CAST('25:41:35' AS INTERVAL) AS a, date_part('hour', TRY_CAST('25:41:35' AS INTERVAL)) AS h, epoch(TRY_CAST('25:41:35' AS INTERVAL)) AS e
SELECT TRY_CAST('-168 usec 383  Hour' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-168 usec 383  Hour' AS INTERVAL)) AS h, epoch(TRY_CAST('-168 usec 383  Hour' AS INTERVAL)) AS e
SELECT TRY_CAST('-370.939521 usec 21minutes 360secs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-370.939521 usec 21minutes 360secs' AS INTERVAL)) AS h, epoch(TRY_CAST('-370.939521 usec 21minutes 360secs' AS INTERVAL)) AS e
SELECT TRY_CAST('67.89941  millennium 120  seconds -311.681898hours ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('67.89941  millennium 120  seconds -311.681898hours ago' AS INTERVAL)) AS h, epoch(TRY_CAST('67.89941  millennium 120  seconds -311.681898hours ago' AS INTERVAL)) AS e
SELECT TRY_CAST('148  m 252  hr 95:44:58.273033' AS INTERVAL) AS a, date_part('hour', TRY_CAST('148  m 252  hr 95:44:58.273033' AS INTERVAL)) AS h, epoch(TRY_CAST('148  m 252  hr 95:44:58.273033' AS INTERVAL)) AS e
SELECT TRY_CAST('@ -194 years' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ -194 years' AS INTERVAL)) AS h, epoch(TRY_CAST('@ -194 years' AS INTERVAL)) AS e
SELECT TRY_CAST('-71DAYS' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-71DAYS' AS INTERVAL)) AS h, epoch(TRY_CAST('-71DAYS' AS INTERVAL)) AS e
SELECT TRY_CAST('216millennia' AS INTERVAL) AS a, date_part('hour', TRY_CAST('216millennia' AS INTERVAL)) AS h, epoch(TRY_CAST('216millennia' AS INTERVAL)) AS e
SELECT TRY_CAST('188.917991 weeks' AS INTERVAL) AS a, date_part('hour', TRY_CAST('188.917991 weeks' AS INTERVAL)) AS h, epoch(TRY_CAST('188.917991 weeks' AS INTERVAL)) AS e
SELECT TRY_CAST('-254 yr -65  secs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-254 yr -65  secs' AS INTERVAL)) AS h, epoch(TRY_CAST('-254 yr -65  secs' AS INTERVAL)) AS e
SELECT TRY_CAST('16.341637  mons' AS INTERVAL) AS a, date_part('hour', TRY_CAST('16.341637  mons' AS INTERVAL)) AS h, epoch(TRY_CAST('16.341637  mons' AS INTERVAL)) AS e
SELECT TRY_CAST('262  mons' AS INTERVAL) AS a, date_part('hour', TRY_CAST('262  mons' AS INTERVAL)) AS h, epoch(TRY_CAST('262  mons' AS INTERVAL)) AS e
SELECT TRY_CAST('165years -231centuries' AS INTERVAL) AS a, date_part('hour', TRY_CAST('165years -231centuries' AS INTERVAL)) AS h, epoch(TRY_CAST('165years -231centuries' AS INTERVAL)) AS e
SELECT TRY_CAST('349 328  d -293' AS INTERVAL) AS a, date_part('hour', TRY_CAST('349 328  d -293' AS INTERVAL)) AS h, epoch(TRY_CAST('349 328  d -293' AS INTERVAL)) AS e
SELECT TRY_CAST('188.630035  h 220decade ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('188.630035  h 220decade ago' AS INTERVAL)) AS h, epoch(TRY_CAST('188.630035  h 220decade ago' AS INTERVAL)) AS e
SELECT TRY_CAST('233  years' AS INTERVAL) AS a, date_part('hour', TRY_CAST('233  years' AS INTERVAL)) AS h, epoch(TRY_CAST('233  years' AS INTERVAL)) AS e
SELECT TRY_CAST('49:57 ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('49:57 ago' AS INTERVAL)) AS h, epoch(TRY_CAST('49:57 ago' AS INTERVAL)) AS e
SELECT TRY_CAST('69  year -13.471920  us 49 hr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('69  year -13.471920  us 49 hr' AS INTERVAL)) AS h, epoch(TRY_CAST('69  year -13.471920  us 49 hr' AS INTERVAL)) AS e
SELECT TRY_CAST('93:24:26 -20  mon' AS INTERVAL) AS a, date_part('hour', TRY_CAST('93:24:26 -20  mon' AS INTERVAL)) AS h, epoch(TRY_CAST('93:24:26 -20  mon' AS INTERVAL)) AS e
SELECT TRY_CAST('56:29:00' AS INTERVAL) AS a, date_part('hour', TRY_CAST('56:29:00' AS INTERVAL)) AS h, epoch(TRY_CAST('56:29:00' AS INTERVAL)) AS e
SELECT TRY_CAST('-383.528644s' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-383.528644s' AS INTERVAL)) AS h, epoch(TRY_CAST('-383.528644s' AS INTERVAL)) AS e
SELECT TRY_CAST('-333.377297 180millisecond' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-333.377297 180millisecond' AS INTERVAL)) AS h, epoch(TRY_CAST('-333.377297 180millisecond' AS INTERVAL)) AS e
SELECT TRY_CAST('75:17 201.57955 19us' AS INTERVAL) AS a, date_part('hour', TRY_CAST('75:17 201.57955 19us' AS INTERVAL)) AS h, epoch(TRY_CAST('75:17 201.57955 19us' AS INTERVAL)) AS e
SELECT TRY_CAST('22:04:08.663987 27:27:19 23:24 ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('22:04:08.663987 27:27:19 23:24 ago' AS INTERVAL)) AS h, epoch(TRY_CAST('22:04:08.663987 27:27:19 23:24 ago' AS INTERVAL)) AS e
SELECT TRY_CAST('-6 Hour -338d 157  microsecond' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-6 Hour -338d 157  microsecond' AS INTERVAL)) AS h, epoch(TRY_CAST('-6 Hour -338d 157  microsecond' AS INTERVAL)) AS e
SELECT TRY_CAST('262 yrs 167months' AS INTERVAL) AS a, date_part('hour', TRY_CAST('262 yrs 167months' AS INTERVAL)) AS h, epoch(TRY_CAST('262 yrs 167months' AS INTERVAL)) AS e
SELECT TRY_CAST('15min ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('15min ago' AS INTERVAL)) AS h, epoch(TRY_CAST('15min ago' AS INTERVAL)) AS e
SELECT TRY_CAST('232' AS INTERVAL) AS a, date_part('hour', TRY_CAST('232' AS INTERVAL)) AS h, epoch(TRY_CAST('232' AS INTERVAL)) AS e
SELECT TRY_CAST('196.346377 mons 20:44:32.58169 286yr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('196.346377 mons 20:44:32.58169 286yr' AS INTERVAL)) AS h, epoch(TRY_CAST('196.346377 mons 20:44:32.58169 286yr' AS INTERVAL)) AS e
SELECT TRY_CAST('85:43:36 -69m ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('85:43:36 -69m ago' AS INTERVAL)) AS h, epoch(TRY_CAST('85:43:36 -69m ago' AS INTERVAL)) AS e
SELECT TRY_CAST('239.141566mins' AS INTERVAL) AS a, date_part('hour', TRY_CAST('239.141566mins' AS INTERVAL)) AS h, epoch(TRY_CAST('239.141566mins' AS INTERVAL)) AS e
SELECT TRY_CAST('214quarter 377.105636second 154m' AS INTERVAL) AS a, date_part('hour', TRY_CAST('214quarter 377.105636second 154m' AS INTERVAL)) AS h, epoch(TRY_CAST('214quarter 377.105636second 154m' AS INTERVAL)) AS e
SELECT TRY_CAST('1:47:39-100w' AS INTERVAL) AS a, date_part('hour', TRY_CAST('1:47:39-100w' AS INTERVAL)) AS h, epoch(TRY_CAST('1:47:39-100w' AS INTERVAL)) AS e
SELECT TRY_CAST('246 33weeks 238  millennia' AS INTERVAL) AS a, date_part('hour', TRY_CAST('246 33weeks 238  millennia' AS INTERVAL)) AS h, epoch(TRY_CAST('246 33weeks 238  millennia' AS INTERVAL)) AS e
SELECT TRY_CAST('114  y -254 mon 184 msec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('114  y -254 mon 184 msec' AS INTERVAL)) AS h, epoch(TRY_CAST('114  y -254 mon 184 msec' AS INTERVAL)) AS e
SELECT TRY_CAST('11.170095day 90:03:53.977846 347  d' AS INTERVAL) AS a, date_part('hour', TRY_CAST('11.170095day 90:03:53.977846 347  d' AS INTERVAL)) AS h, epoch(TRY_CAST('11.170095day 90:03:53.977846 347  d' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 14' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 14' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 14' AS INTERVAL)) AS e
SELECT TRY_CAST('317 264.770263day' AS INTERVAL) AS a, date_part('hour', TRY_CAST('317 264.770263day' AS INTERVAL)) AS h, epoch(TRY_CAST('317 264.770263day' AS INTERVAL)) AS e
SELECT TRY_CAST('-389ms 360  ms 29  y' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-389ms 360  ms 29  y' AS INTERVAL)) AS h, epoch(TRY_CAST('-389ms 360  ms 29  y' AS INTERVAL)) AS e
SELECT TRY_CAST('92minutes 252minutes' AS INTERVAL) AS a, date_part('hour', TRY_CAST('92minutes 252minutes' AS INTERVAL)) AS h, epoch(TRY_CAST('92minutes 252minutes' AS INTERVAL)) AS e
SELECT TRY_CAST('255  millennium' AS INTERVAL) AS a, date_part('hour', TRY_CAST('255  millennium' AS INTERVAL)) AS h, epoch(TRY_CAST('255  millennium' AS INTERVAL)) AS e
SELECT TRY_CAST('397microsecond 109 millennia 246 seconds' AS INTERVAL) AS a, date_part('hour', TRY_CAST('397microsecond 109 millennia 246 seconds' AS INTERVAL)) AS h, epoch(TRY_CAST('397microsecond 109 millennia 246 seconds' AS INTERVAL)) AS e
SELECT TRY_CAST('279 372.831085 weeks' AS INTERVAL) AS a, date_part('hour', TRY_CAST('279 372.831085 weeks' AS INTERVAL)) AS h, epoch(TRY_CAST('279 372.831085 weeks' AS INTERVAL)) AS e
SELECT TRY_CAST('312 11:22:15.313403 ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('312 11:22:15.313403 ago' AS INTERVAL)) AS h, epoch(TRY_CAST('312 11:22:15.313403 ago' AS INTERVAL)) AS e
SELECT TRY_CAST('-100.106445  w' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-100.106445  w' AS INTERVAL)) AS h, epoch(TRY_CAST('-100.106445  w' AS INTERVAL)) AS e
SELECT TRY_CAST('326.422745 hrs 71.314651' AS INTERVAL) AS a, date_part('hour', TRY_CAST('326.422745 hrs 71.314651' AS INTERVAL)) AS h, epoch(TRY_CAST('326.422745 hrs 71.314651' AS INTERVAL)) AS e
SELECT TRY_CAST('32:46:51' AS INTERVAL) AS a, date_part('hour', TRY_CAST('32:46:51' AS INTERVAL)) AS h, epoch(TRY_CAST('32:46:51' AS INTERVAL)) AS e
SELECT TRY_CAST('295 years ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('295 years ago' AS INTERVAL)) AS h, epoch(TRY_CAST('295 years ago' AS INTERVAL)) AS e
SELECT TRY_CAST('94quarter 100.262949  mins 400.364579' AS INTERVAL) AS a, date_part('hour', TRY_CAST('94quarter 100.262949  mins 400.364579' AS INTERVAL)) AS h, epoch(TRY_CAST('94quarter 100.262949  mins 400.364579' AS INTERVAL)) AS e
SELECT TRY_CAST('348.151348hour 234.804883 hr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('348.151348hour 234.804883 hr' AS INTERVAL)) AS h, epoch(TRY_CAST('348.151348hour 234.804883 hr' AS INTERVAL)) AS e
SELECT TRY_CAST('-274secs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-274secs' AS INTERVAL)) AS h, epoch(TRY_CAST('-274secs' AS INTERVAL)) AS e
SELECT TRY_CAST('@62:07:3370:43:47.263793356seconds' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@62:07:3370:43:47.263793356seconds' AS INTERVAL)) AS h, epoch(TRY_CAST('@62:07:3370:43:47.263793356seconds' AS INTERVAL)) AS e
SELECT TRY_CAST('32:59' AS INTERVAL) AS a, date_part('hour', TRY_CAST('32:59' AS INTERVAL)) AS h, epoch(TRY_CAST('32:59' AS INTERVAL)) AS e
SELECT TRY_CAST('213.525280  millennia' AS INTERVAL) AS a, date_part('hour', TRY_CAST('213.525280  millennia' AS INTERVAL)) AS h, epoch(TRY_CAST('213.525280  millennia' AS INTERVAL)) AS e
SELECT TRY_CAST('91yr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('91yr' AS INTERVAL)) AS h, epoch(TRY_CAST('91yr' AS INTERVAL)) AS e
SELECT TRY_CAST('229  weeks' AS INTERVAL) AS a, date_part('hour', TRY_CAST('229  weeks' AS INTERVAL)) AS h, epoch(TRY_CAST('229  weeks' AS INTERVAL)) AS e
SELECT TRY_CAST('102  second 57.260676  s' AS INTERVAL) AS a, date_part('hour', TRY_CAST('102  second 57.260676  s' AS INTERVAL)) AS h, epoch(TRY_CAST('102  second 57.260676  s' AS INTERVAL)) AS e
SELECT TRY_CAST('97.688821DAYS -90.112589 secs 369quarter' AS INTERVAL) AS a, date_part('hour', TRY_CAST('97.688821DAYS -90.112589 secs 369quarter' AS INTERVAL)) AS h, epoch(TRY_CAST('97.688821DAYS -90.112589 secs 369quarter' AS INTERVAL)) AS e
SELECT TRY_CAST('283hours 271.225457 29  DAYS' AS INTERVAL) AS a, date_part('hour', TRY_CAST('283hours 271.225457 29  DAYS' AS INTERVAL)) AS h, epoch(TRY_CAST('283hours 271.225457 29  DAYS' AS INTERVAL)) AS e
SELECT TRY_CAST('-224  centuries 52.489166 s' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-224  centuries 52.489166 s' AS INTERVAL)) AS h, epoch(TRY_CAST('-224  centuries 52.489166 s' AS INTERVAL)) AS e
SELECT TRY_CAST('-105.172863  mons 31:01:08' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-105.172863  mons 31:01:08' AS INTERVAL)) AS h, epoch(TRY_CAST('-105.172863  mons 31:01:08' AS INTERVAL)) AS e
SELECT TRY_CAST('292week -49.175182 hour 67hours' AS INTERVAL) AS a, date_part('hour', TRY_CAST('292week -49.175182 hour 67hours' AS INTERVAL)) AS h, epoch(TRY_CAST('292week -49.175182 hour 67hours' AS INTERVAL)) AS e
SELECT TRY_CAST('245  week 395.761618min' AS INTERVAL) AS a, date_part('hour', TRY_CAST('245  week 395.761618min' AS INTERVAL)) AS h, epoch(TRY_CAST('245  week 395.761618min' AS INTERVAL)) AS e
SELECT TRY_CAST('-39days' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-39days' AS INTERVAL)) AS h, epoch(TRY_CAST('-39days' AS INTERVAL)) AS e
SELECT TRY_CAST('-372.344780week 303msec 230minute' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-372.344780week 303msec 230minute' AS INTERVAL)) AS h, epoch(TRY_CAST('-372.344780week 303msec 230minute' AS INTERVAL)) AS e
SELECT TRY_CAST('-198.752568 quarter' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-198.752568 quarter' AS INTERVAL)) AS h, epoch(TRY_CAST('-198.752568 quarter' AS INTERVAL)) AS e
SELECT TRY_CAST('222  mon -119 51  year ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('222  mon -119 51  year ago' AS INTERVAL)) AS h, epoch(TRY_CAST('222  mon -119 51  year ago' AS INTERVAL)) AS e
SELECT TRY_CAST('-339mins 11.507529 d -140 ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-339mins 11.507529 d -140 ago' AS INTERVAL)) AS h, epoch(TRY_CAST('-339mins 11.507529 d -140 ago' AS INTERVAL)) AS e
SELECT TRY_CAST('276.313122 mins 59years' AS INTERVAL) AS a, date_part('hour', TRY_CAST('276.313122 mins 59years' AS INTERVAL)) AS h, epoch(TRY_CAST('276.313122 mins 59years' AS INTERVAL)) AS e
SELECT TRY_CAST('228 DAYS' AS INTERVAL) AS a, date_part('hour', TRY_CAST('228 DAYS' AS INTERVAL)) AS h, epoch(TRY_CAST('228 DAYS' AS INTERVAL)) AS e
SELECT TRY_CAST('-279.6143  sec -24.556642  yr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-279.6143  sec -24.556642  yr' AS INTERVAL)) AS h, epoch(TRY_CAST('-279.6143  sec -24.556642  yr' AS INTERVAL)) AS e
SELECT TRY_CAST('169.707777 -301  century' AS INTERVAL) AS a, date_part('hour', TRY_CAST('169.707777 -301  century' AS INTERVAL)) AS h, epoch(TRY_CAST('169.707777 -301  century' AS INTERVAL)) AS e
SELECT TRY_CAST('17 microsecond 316.324570 DAYS -234 usec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('17 microsecond 316.324570 DAYS -234 usec' AS INTERVAL)) AS h, epoch(TRY_CAST('17 microsecond 316.324570 DAYS -234 usec' AS INTERVAL)) AS e
SELECT TRY_CAST('239.669812  usec -12.887236hour -47 ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('239.669812  usec -12.887236hour -47 ago' AS INTERVAL)) AS h, epoch(TRY_CAST('239.669812  usec -12.887236hour -47 ago' AS INTERVAL)) AS e
SELECT TRY_CAST('25:50:37 284  hrs 3hours' AS INTERVAL) AS a, date_part('hour', TRY_CAST('25:50:37 284  hrs 3hours' AS INTERVAL)) AS h, epoch(TRY_CAST('25:50:37 284  hrs 3hours' AS INTERVAL)) AS e
SELECT TRY_CAST('171 ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('171 ago' AS INTERVAL)) AS h, epoch(TRY_CAST('171 ago' AS INTERVAL)) AS e
SELECT TRY_CAST('358quarter 60.867876 quarter' AS INTERVAL) AS a, date_part('hour', TRY_CAST('358quarter 60.867876 quarter' AS INTERVAL)) AS h, epoch(TRY_CAST('358quarter 60.867876 quarter' AS INTERVAL)) AS e
SELECT TRY_CAST('345.427385  day' AS INTERVAL) AS a, date_part('hour', TRY_CAST('345.427385  day' AS INTERVAL)) AS h, epoch(TRY_CAST('345.427385  day' AS INTERVAL)) AS e
SELECT TRY_CAST('-213 yr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-213 yr' AS INTERVAL)) AS h, epoch(TRY_CAST('-213 yr' AS INTERVAL)) AS e
SELECT TRY_CAST('-42.199456yrs ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-42.199456yrs ago' AS INTERVAL)) AS h, epoch(TRY_CAST('-42.199456yrs ago' AS INTERVAL)) AS e
SELECT TRY_CAST('112 day' AS INTERVAL) AS a, date_part('hour', TRY_CAST('112 day' AS INTERVAL)) AS h, epoch(TRY_CAST('112 day' AS INTERVAL)) AS e
SELECT TRY_CAST('-190ms -186microsecond -14.246196millennia' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-190ms -186microsecond -14.246196millennia' AS INTERVAL)) AS h, epoch(TRY_CAST('-190ms -186microsecond -14.246196millennia' AS INTERVAL)) AS e
SELECT TRY_CAST('314  ms' AS INTERVAL) AS a, date_part('hour', TRY_CAST('314  ms' AS INTERVAL)) AS h, epoch(TRY_CAST('314  ms' AS INTERVAL)) AS e
SELECT TRY_CAST('-18.496369  h 205hour 97:14:28.120493' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-18.496369  h 205hour 97:14:28.120493' AS INTERVAL)) AS h, epoch(TRY_CAST('-18.496369  h 205hour 97:14:28.120493' AS INTERVAL)) AS e
SELECT TRY_CAST('7 weeks 199.972177 w 301.978368hrs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('7 weeks 199.972177 w 301.978368hrs' AS INTERVAL)) AS h, epoch(TRY_CAST('7 weeks 199.972177 w 301.978368hrs' AS INTERVAL)) AS e
SELECT TRY_CAST('-182quarter 138 sec ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-182quarter 138 sec ago' AS INTERVAL)) AS h, epoch(TRY_CAST('-182quarter 138 sec ago' AS INTERVAL)) AS e
SELECT TRY_CAST('-228 338 usec ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-228 338 usec ago' AS INTERVAL)) AS h, epoch(TRY_CAST('-228 338 usec ago' AS INTERVAL)) AS e
SELECT TRY_CAST('291.269445 -263.841068 secs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('291.269445 -263.841068 secs' AS INTERVAL)) AS h, epoch(TRY_CAST('291.269445 -263.841068 secs' AS INTERVAL)) AS e
SELECT TRY_CAST('345yrs 20:33 207' AS INTERVAL) AS a, date_part('hour', TRY_CAST('345yrs 20:33 207' AS INTERVAL)) AS h, epoch(TRY_CAST('345yrs 20:33 207' AS INTERVAL)) AS e
SELECT TRY_CAST('36:22:39 186.151659  microsecond 80.957390 millennium ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('36:22:39 186.151659  microsecond 80.957390 millennium ago' AS INTERVAL)) AS h, epoch(TRY_CAST('36:22:39 186.151659  microsecond 80.957390 millennium ago' AS INTERVAL)) AS e
SELECT TRY_CAST('149millennium -204  usec 277.56894quarter' AS INTERVAL) AS a, date_part('hour', TRY_CAST('149millennium -204  usec 277.56894quarter' AS INTERVAL)) AS h, epoch(TRY_CAST('149millennium -204  usec 277.56894quarter' AS INTERVAL)) AS e
SELECT TRY_CAST('203.341414  msec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('203.341414  msec' AS INTERVAL)) AS h, epoch(TRY_CAST('203.341414  msec' AS INTERVAL)) AS e
SELECT TRY_CAST('0:20:16282.7136hour' AS INTERVAL) AS a, date_part('hour', TRY_CAST('0:20:16282.7136hour' AS INTERVAL)) AS h, epoch(TRY_CAST('0:20:16282.7136hour' AS INTERVAL)) AS e
SELECT TRY_CAST('173 170.485027 minute' AS INTERVAL) AS a, date_part('hour', TRY_CAST('173 170.485027 minute' AS INTERVAL)) AS h, epoch(TRY_CAST('173 170.485027 minute' AS INTERVAL)) AS e
SELECT TRY_CAST('-12  decade 247 us 104DAYS' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-12  decade 247 us 104DAYS' AS INTERVAL)) AS h, epoch(TRY_CAST('-12  decade 247 us 104DAYS' AS INTERVAL)) AS e
SELECT TRY_CAST('@31.434677hrs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@31.434677hrs' AS INTERVAL)) AS h, epoch(TRY_CAST('@31.434677hrs' AS INTERVAL)) AS e
SELECT TRY_CAST('-45 microsecond 54.345170  ms ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-45 microsecond 54.345170  ms ago' AS INTERVAL)) AS h, epoch(TRY_CAST('-45 microsecond 54.345170  ms ago' AS INTERVAL)) AS e
SELECT TRY_CAST('174.256595usec 127.339997msec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('174.256595usec 127.339997msec' AS INTERVAL)) AS h, epoch(TRY_CAST('174.256595usec 127.339997msec' AS INTERVAL)) AS e
SELECT TRY_CAST('301.986728 mon' AS INTERVAL) AS a, date_part('hour', TRY_CAST('301.986728 mon' AS INTERVAL)) AS h, epoch(TRY_CAST('301.986728 mon' AS INTERVAL)) AS e
SELECT TRY_CAST('332 mins' AS INTERVAL) AS a, date_part('hour', TRY_CAST('332 mins' AS INTERVAL)) AS h, epoch(TRY_CAST('332 mins' AS INTERVAL)) AS e
SELECT TRY_CAST('-128 months' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-128 months' AS INTERVAL)) AS h, epoch(TRY_CAST('-128 months' AS INTERVAL)) AS e
SELECT TRY_CAST('65  mons' AS INTERVAL) AS a, date_part('hour', TRY_CAST('65  mons' AS INTERVAL)) AS h, epoch(TRY_CAST('65  mons' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 218w 97:23:42.579738' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 218w 97:23:42.579738' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 218w 97:23:42.579738' AS INTERVAL)) AS e
SELECT TRY_CAST('54:11:01 56:03:14' AS INTERVAL) AS a, date_part('hour', TRY_CAST('54:11:01 56:03:14' AS INTERVAL)) AS h, epoch(TRY_CAST('54:11:01 56:03:14' AS INTERVAL)) AS e
SELECT TRY_CAST('341hours -321sec 380' AS INTERVAL) AS a, date_part('hour', TRY_CAST('341hours -321sec 380' AS INTERVAL)) AS h, epoch(TRY_CAST('341hours -321sec 380' AS INTERVAL)) AS e
SELECT TRY_CAST('204.610696 week' AS INTERVAL) AS a, date_part('hour', TRY_CAST('204.610696 week' AS INTERVAL)) AS h, epoch(TRY_CAST('204.610696 week' AS INTERVAL)) AS e
SELECT TRY_CAST('28:01:01 ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('28:01:01 ago' AS INTERVAL)) AS h, epoch(TRY_CAST('28:01:01 ago' AS INTERVAL)) AS e
SELECT TRY_CAST('367 94.392579  millennium -24millennium' AS INTERVAL) AS a, date_part('hour', TRY_CAST('367 94.392579  millennium -24millennium' AS INTERVAL)) AS h, epoch(TRY_CAST('367 94.392579  millennium -24millennium' AS INTERVAL)) AS e
SELECT TRY_CAST('88.761078year' AS INTERVAL) AS a, date_part('hour', TRY_CAST('88.761078year' AS INTERVAL)) AS h, epoch(TRY_CAST('88.761078year' AS INTERVAL)) AS e
SELECT TRY_CAST('195  millennium 44.671952yrs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('195  millennium 44.671952yrs' AS INTERVAL)) AS h, epoch(TRY_CAST('195  millennium 44.671952yrs' AS INTERVAL)) AS e
SELECT TRY_CAST('112  s 15.894328 quarters -192 w' AS INTERVAL) AS a, date_part('hour', TRY_CAST('112  s 15.894328 quarters -192 w' AS INTERVAL)) AS h, epoch(TRY_CAST('112  s 15.894328 quarters -192 w' AS INTERVAL)) AS e
SELECT TRY_CAST('-348 44.341241  mins' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-348 44.341241  mins' AS INTERVAL)) AS h, epoch(TRY_CAST('-348 44.341241  mins' AS INTERVAL)) AS e
SELECT TRY_CAST('175s' AS INTERVAL) AS a, date_part('hour', TRY_CAST('175s' AS INTERVAL)) AS h, epoch(TRY_CAST('175s' AS INTERVAL)) AS e
SELECT TRY_CAST('289 hour 249.66666 ago' AS INTERVAL) AS a, date_part('hour', TRY_CAST('289 hour 249.66666 ago' AS INTERVAL)) AS h, epoch(TRY_CAST('289 hour 249.66666 ago' AS INTERVAL)) AS e
SELECT TRY_CAST('-315.74117 hr 341yrs 46:12.593655' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-315.74117 hr 341yrs 46:12.593655' AS INTERVAL)) AS h, epoch(TRY_CAST('-315.74117 hr 341yrs 46:12.593655' AS INTERVAL)) AS e
SELECT TRY_CAST('250months-204.272964usec' AS INTERVAL) AS a, date_part('hour', TRY_CAST('250months-204.272964usec' AS INTERVAL)) AS h, epoch(TRY_CAST('250months-204.272964usec' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 101  secs 128millennia -313' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 101  secs 128millennia -313' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 101  secs 128millennia -313' AS INTERVAL)) AS e
SELECT TRY_CAST('21:39:33 91min -373  day' AS INTERVAL) AS a, date_part('hour', TRY_CAST('21:39:33 91min -373  day' AS INTERVAL)) AS h, epoch(TRY_CAST('21:39:33 91min -373  day' AS INTERVAL)) AS e
SELECT TRY_CAST('-200hours17microsecond' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-200hours17microsecond' AS INTERVAL)) AS h, epoch(TRY_CAST('-200hours17microsecond' AS INTERVAL)) AS e
SELECT TRY_CAST('-300.913449weeks' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-300.913449weeks' AS INTERVAL)) AS h, epoch(TRY_CAST('-300.913449weeks' AS INTERVAL)) AS e
SELECT TRY_CAST('113 hr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('113 hr' AS INTERVAL)) AS h, epoch(TRY_CAST('113 hr' AS INTERVAL)) AS e
SELECT TRY_CAST('-347  day -79.542734y 68 min' AS INTERVAL) AS a, date_part('hour', TRY_CAST('-347  day -79.542734y 68 min' AS INTERVAL)) AS h, epoch(TRY_CAST('-347  day -79.542734y 68 min' AS INTERVAL)) AS e
SELECT TRY_CAST('268.472376 yrs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('268.472376 yrs' AS INTERVAL)) AS h, epoch(TRY_CAST('268.472376 yrs' AS INTERVAL)) AS e
SELECT TRY_CAST('218.482813  s' AS INTERVAL) AS a, date_part('hour', TRY_CAST('218.482813  s' AS INTERVAL)) AS h, epoch(TRY_CAST('218.482813  s' AS INTERVAL)) AS e
SELECT TRY_CAST('371.20712  h 38 m -189 quarter' AS INTERVAL) AS a, date_part('hour', TRY_CAST('371.20712  h 38 m -189 quarter' AS INTERVAL)) AS h, epoch(TRY_CAST('371.20712  h 38 m -189 quarter' AS INTERVAL)) AS e
SELECT TRY_CAST('149 hrs' AS INTERVAL) AS a, date_part('hour', TRY_CAST('149 hrs' AS INTERVAL)) AS h, epoch(TRY_CAST('149 hrs' AS INTERVAL)) AS e
SELECT TRY_CAST('263.205206 secs 88:42:05' AS INTERVAL) AS a, date_part('hour', TRY_CAST('263.205206 secs 88:42:05' AS INTERVAL)) AS h, epoch(TRY_CAST('263.205206 secs 88:42:05' AS INTERVAL)) AS e
SELECT TRY_CAST('99  millisecond -296.405670mons' AS INTERVAL) AS a, date_part('hour', TRY_CAST('99  millisecond -296.405670mons' AS INTERVAL)) AS h, epoch(TRY_CAST('99  millisecond -296.405670mons' AS INTERVAL)) AS e
SELECT TRY_CAST('48.851088  mon -169  millennium' AS INTERVAL) AS a, date_part('hour', TRY_CAST('48.851088  mon -169  millennium' AS INTERVAL)) AS h, epoch(TRY_CAST('48.851088  mon -169  millennium' AS INTERVAL)) AS e
SELECT TRY_CAST('70.924915  minutes 208weeks' AS INTERVAL) AS a, date_part('hour', TRY_CAST('70.924915  minutes 208weeks' AS INTERVAL)) AS h, epoch(TRY_CAST('70.924915  minutes 208weeks' AS INTERVAL)) AS e
SELECT TRY_CAST('30:50:54 75:22:37' AS INTERVAL) AS a, date_part('hour', TRY_CAST('30:50:54 75:22:37' AS INTERVAL)) AS h, epoch(TRY_CAST('30:50:54 75:22:37' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 144  years' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 144  years' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 144  years' AS INTERVAL)) AS e
SELECT TRY_CAST('18:15.294691 -65 ms 176yr' AS INTERVAL) AS a, date_part('hour', TRY_CAST('18:15.294691 -65 ms 176yr' AS INTERVAL)) AS h, epoch(TRY_CAST('18:15.294691 -65 ms 176yr' AS INTERVAL)) AS e
SELECT TRY_CAST('@ 380.378632 year 32:39:44' AS INTERVAL) AS a, date_part('hour', TRY_CAST('@ 380.378632 year 32:39:44' AS INTERVAL)) AS h, epoch(TRY_CAST('@ 380.378632 year 32:39:44' AS INTERVAL)) AS e
