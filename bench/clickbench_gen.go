package main

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The ClickBench generator: a deterministic, seeded stand-in for the `hits`
// table (the real one is 100M rows of Yandex.Metrica logs), shaped so that
// the 43 queries have something to find: skewed values (a few CounterIDs,
// RegionIDs, URLs, search phrases take most rows), mostly empty
// SearchPhrase, the IDs the queries name, UTF-8 text, 64-bit integers past
// 2^53 and negative ones.

// cbColumn is one column of the generated hits: its name and its type in
// ClickBench's duckdb/create.sql (given to DuckDB's read_json as is).
type cbColumn struct{ name, duck string }

// cbColumns are the columns generated, in create.sql's order: every column
// the 43 queries name, plus a few more of the first ones (JavaEnable,
// GoodEvent, OS, UserAgent, ResolutionHeight) so that SELECT * is not only
// the queried ones. Rows hold them in this order; EventDate is the key.
var cbColumns = []cbColumn{
	{"WatchID", "BIGINT"},
	{"JavaEnable", "SMALLINT"},
	{"Title", "VARCHAR"},
	{"GoodEvent", "SMALLINT"},
	{"EventTime", "TIMESTAMP"},
	{"EventDate", "DATE"},
	{"CounterID", "INTEGER"},
	{"ClientIP", "INTEGER"},
	{"RegionID", "INTEGER"},
	{"UserID", "BIGINT"},
	{"OS", "SMALLINT"},
	{"UserAgent", "SMALLINT"},
	{"URL", "VARCHAR"},
	{"Referer", "VARCHAR"},
	{"IsRefresh", "SMALLINT"},
	{"ResolutionWidth", "SMALLINT"},
	{"ResolutionHeight", "SMALLINT"},
	{"MobilePhone", "SMALLINT"},
	{"MobilePhoneModel", "VARCHAR"},
	{"TraficSourceID", "SMALLINT"},
	{"SearchEngineID", "SMALLINT"},
	{"SearchPhrase", "VARCHAR"},
	{"AdvEngineID", "SMALLINT"},
	{"WindowClientWidth", "SMALLINT"},
	{"WindowClientHeight", "SMALLINT"},
	{"IsLink", "SMALLINT"},
	{"IsDownload", "SMALLINT"},
	{"DontCountHits", "SMALLINT"},
	{"RefererHash", "BIGINT"},
	{"URLHash", "BIGINT"},
}

// Values the queries name, placed among the most frequent ones, and a
// near twin of each 64-bit one: another value of the column that is the
// same float64 (cbTwin), so that an engine comparing through float64 finds
// the twin's rows too.
const (
	cbCounter     = 62                  // queries 37–43
	cbUserID      = 435090932899640449  // query 20 (past 2^53)
	cbRefererHash = 3594120000172545465 // query 41
	cbURLHash     = 2868770270353813622 // query 42
)

// cbTwin is a value next to v that float64 cannot tell from it.
func cbTwin(v int64) int64 {
	for _, d := range []int64{1, -1, 2, -2} {
		if float64(v+d) == float64(v) {
			return v + d
		}
	}
	panic(fmt.Sprintf("no float64 twin next to %d", v))
}

// cbFirstDay is 2013-07-01; EventDate spans 31 days, as in ClickBench.
var cbFirstDay = time.Date(2013, 7, 1, 0, 0, 0, 0, time.UTC)

const cbDays = 31

// cbUser is what stays the same across a user's hits.
type cbUser struct {
	id                  int64
	ip, region          int32
	os, agent, res      int
	phone               int
	model               string
	java                int
	searchEngine, trafS int
}

// cbGen draws rows. Every pool is built from the seed, so the same seed and
// row count give the same bytes.
type cbGen struct {
	r                                 *rand.Rand
	counters, regions                 []int32
	users                             []cbUser
	urls, titles, referers, phrases   []string
	urlHash, refHash                  []int64
	zCounter, zRegion, zUser, zURL    *rand.Zipf
	zReferer, zPhrase, zModel, zTitle *rand.Zipf
}

var (
	cbDomains = []string{
		"yandex.ru", "mail.ru", "vk.com", "avito.ru", "auto.ru", "kinopoisk.ru", "news.yandex.ru",
		"www.google.com", "google.ru", "images.google.ru", "maps.google.com", "www.youtube.com",
		"ru.wikipedia.org", "www.naver.com", "news.naver.com", "odnoklassniki.ru", "livejournal.com",
		"market.yandex.ru", "irr.ru", "drive.google.com", "www.liveinternet.ru", "kakao.com",
	}
	cbRefDomains = []string{
		"yandex.ru", "www.google.ru", "go.mail.ru", "www.google.com.ua", "vk.com", "search.naver.com",
		"away.vk.com", "www.bing.com", "nova.rambler.ru", "ya.ru", "m.facebook.com", "t.co",
	}
	cbPathWords = []string{
		"catalog", "item", "news", "search", "view", "cars", "moskva", "page", "index.php", "wiki",
		"Москва", "Погода", "서울", "뉴스", "products", "id", "forum", "topic", "photo", "video",
	}
	cbTitleWords = []string{
		"Купить", "квартиру", "в", "Москве", "Погода", "новости", "Яндекс", "Авто.ру", "объявления",
		"서울", "날씨", "뉴스", "맛집", "영화", "Google", "Карты", "Поиск", "Фильмы", "онлайн",
		"бесплатно", "Главная", "page", "Форум", "\"Кино\"", "— ", "Mail.Ru",
	}
	cbPhraseWords = []string{
		"купить", "квартиру", "москва", "погода", "бесплатно", "скачать", "фильмы", "онлайн",
		"смотреть", "работа", "авто", "google", "날씨", "서울", "맛집", "영화", "weather", "игры",
		"реферат", "ru", "2013", "отзывы", "цены", "карта",
	}
	cbModels = []string{
		"iPad", "iPhone", "GT-I9300", "GT-I9100", "HTC One", "Lumia 920", "Nexus 4", "Xperia Z",
		"갤럭시 S4", "옵티머스 G", "GT-N7100", "MI-ONE Plus", "ThL W8", "Kindle Fire", "A820",
	}
	cbResolutions = [][2]int{
		{1366, 768}, {1920, 1080}, {1280, 1024}, {1280, 800}, {1024, 768}, {1600, 900}, {1440, 900},
		{1680, 1050}, {360, 640}, {320, 568}, {768, 1024}, {2560, 1440}, {0, 0}, {1093, 614},
	}
	// TraficSourceID: -1 and 6 (query 41) among the usual ones.
	cbTrafic        = []int{-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	cbTraficWeights = []float64{8, 30, 15, 10, 12, 5, 5, 10, 2, 1, 1, 1}
	cbAdvEngines    = []int{2, 12, 27, 13, 3, 4, 15, 17, 18, 32, 40}
)

func newCBGen(rows int, seed uint64) *cbGen {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	g := &cbGen{r: r}

	nCounters := 400
	g.counters = make([]int32, nCounters)
	g.counters[0] = cbCounter
	for i := 1; i < nCounters; i++ {
		g.counters[i] = int32(1 + r.IntN(250_000))
		if g.counters[i] == cbCounter {
			g.counters[i]++
		}
	}
	g.zCounter = rand.NewZipf(r, 1.2, 1, uint64(nCounters-1))

	nRegions := 2000
	g.regions = make([]int32, nRegions)
	g.regions[0] = 229
	for i := 1; i < nRegions; i++ {
		g.regions[i] = int32(r.IntN(20_000))
	}
	g.zRegion = rand.NewZipf(r, 1.3, 1, uint64(nRegions-1))

	nUsers := max(50, rows/8)
	g.users = make([]cbUser, nUsers)
	for i := range g.users {
		u := &g.users[i]
		u.id = int64(r.Uint64() >> 1) // non-negative BIGINT, mostly past 2^53
		switch i {
		case 5:
			u.id = cbUserID
		case 40:
			u.id = cbTwin(cbUserID)
		}
		for {
			// ClientIP is an INTEGER (an IPv4 address as int32: half are
			// negative); keep away from the minimum so ClientIP - 3 fits.
			u.ip = int32(r.Uint32())
			if u.ip > math.MinInt32+10 {
				break
			}
		}
		u.region = g.regions[g.zRegion.Uint64()]
		u.os = []int{2, 44, 56, 3, 18, 106, 55, 4}[r.IntN(8)]
		u.agent = []int{7, 2, 3, 4, 6, 1, 73, 51}[r.IntN(8)]
		u.res = r.IntN(len(cbResolutions))
		u.java = r.IntN(10) / 7 // 70 % 0, 30 % 1
		if r.IntN(10) == 0 {
			u.phone = 1 + r.IntN(60)
		}
	}
	g.zUser = rand.NewZipf(r, 1.1, 2, uint64(nUsers-1))
	g.zModel = rand.NewZipf(r, 1.4, 1, uint64(len(cbModels)-1))
	for i := range g.users {
		if g.users[i].phone != 0 {
			g.users[i].model = cbModels[g.zModel.Uint64()]
		}
	}

	nURLs := max(200, rows/4)
	g.urls = make([]string, nURLs)
	g.titles = make([]string, nURLs)
	g.urlHash = make([]int64, nURLs)
	g.zTitle = rand.NewZipf(r, 1.1, 1, uint64(len(cbTitleWords)-1))
	for i := range g.urls {
		g.urls[i] = g.makeURL(i)
		if r.IntN(12) != 0 {
			g.titles[i] = g.words(cbTitleWords, g.zTitle, 1+r.IntN(6))
		}
		g.urlHash[i] = cbHash(g.urls[i])
	}
	g.urls[nURLs-1] = "" // one empty URL among the rare ones
	g.urlHash[nURLs-1] = cbHash("")
	g.urlHash[1] = cbURLHash
	g.urlHash[7] = cbTwin(cbURLHash)
	g.zURL = rand.NewZipf(r, 1.05, 3, uint64(nURLs-1))

	nRefs := max(100, rows/10)
	g.referers = make([]string, nRefs)
	g.refHash = make([]int64, nRefs)
	for i := range g.referers {
		d := cbRefDomains[min(len(cbRefDomains)-1, int(math.Floor(math.Abs(r.NormFloat64())*3)))]
		scheme := "http://"
		if r.IntN(3) == 0 {
			scheme = "https://"
		}
		g.referers[i] = scheme + d + "/" + g.path() + "?q=" + strconv.Itoa(r.IntN(100_000))
		g.refHash[i] = cbHash(g.referers[i])
	}
	g.refHash[0] = cbRefererHash
	g.refHash[4] = cbTwin(cbRefererHash)
	g.zReferer = rand.NewZipf(r, 1.15, 2, uint64(nRefs-1))

	nPhrases := max(50, rows/40)
	g.phrases = make([]string, nPhrases)
	zw := rand.NewZipf(r, 1.1, 1, uint64(len(cbPhraseWords)-1))
	for i := range g.phrases {
		g.phrases[i] = g.words(cbPhraseWords, zw, 1+r.IntN(4))
	}
	g.zPhrase = rand.NewZipf(r, 1.1, 1, uint64(nPhrases-1))
	return g
}

// cbHash is a signed 64-bit hash (about half are negative, most past 2^53).
func cbHash(s string) int64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return int64(h.Sum64())
}

func (g *cbGen) words(pool []string, z *rand.Zipf, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = pool[z.Uint64()]
	}
	return strings.Join(parts, " ")
}

func (g *cbGen) path() string {
	n := 1 + g.r.IntN(3)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = cbPathWords[g.r.IntN(len(cbPathWords))]
	}
	return strings.Join(parts, "/")
}

func (g *cbGen) makeURL(i int) string {
	d := cbDomains[g.r.IntN(len(cbDomains))]
	if i < 4 {
		d = cbDomains[i] // the most frequent URLs: yandex, mail, vk, avito
	}
	scheme := "http://"
	if g.r.IntN(4) == 0 {
		scheme = "https://"
	}
	u := scheme + d + "/" + g.path()
	if g.r.IntN(2) == 0 {
		u += "?id=" + strconv.Itoa(g.r.IntN(1_000_000))
	}
	return u
}

// writeClickBenchRaw writes rows generated from seed to path as JSON Lines,
// the columns of cbColumns in order. It returns the bytes written.
func writeClickBenchRaw(path string, rows int, seed uint64) (int64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	g := newCBGen(rows, seed)
	var n int64
	buf := make([]byte, 0, 2048)
	for i := 0; i < rows; i++ {
		buf = g.row(buf[:0])
		m, err := w.Write(buf)
		n += int64(m)
		if err != nil {
			f.Close()
			return n, err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return n, err
	}
	if err := f.Close(); err != nil {
		return n, err
	}
	return n, nil
}

// row appends one JSON object and its newline to b.
func (g *cbGen) row(b []byte) []byte {
	r := g.r
	u := &g.users[g.zUser.Uint64()]
	day := r.IntN(cbDays)
	t := cbFirstDay.AddDate(0, 0, day).Add(time.Duration(r.IntN(86400)) * time.Second)
	ui := int(g.zURL.Uint64())
	url, title := g.urls[ui], g.titles[ui]
	referer, refHash := "", cbHash("")
	if r.IntN(100) >= 35 {
		ri := g.zReferer.Uint64()
		referer, refHash = g.referers[ri], g.refHash[ri]
	}
	phrase, searchEngine := "", 0
	if r.IntN(100) < 12 {
		phrase = g.phrases[g.zPhrase.Uint64()]
		searchEngine = []int{2, 2, 2, 3, 3, 1, 4, 5, 6, 7, 8, 9, 12, 16}[r.IntN(14)]
	} else if r.IntN(50) == 0 {
		searchEngine = 2
	}
	adv := 0
	if r.IntN(100) < 4 {
		adv = cbAdvEngines[r.IntN(len(cbAdvEngines))]
	}
	trafic := cbTrafic[cbPick(r, cbTraficWeights)]
	ip := u.ip
	if r.IntN(20) == 0 {
		ip = int32(r.Uint32()>>1) - int32(r.IntN(1<<30)) // now and then another address
	}
	res := cbResolutions[u.res]
	wcw, wch := max(0, res[0]-r.IntN(40)), max(0, res[1]-80-r.IntN(200))
	if r.IntN(30) == 0 {
		wcw, wch = 0, 0
	}

	b = append(b, `{"WatchID":`...)
	b = strconv.AppendInt(b, int64(r.Uint64()>>1), 10)
	b = cbInt(b, "JavaEnable", int64(u.java))
	b = cbStr(b, "Title", title)
	b = cbInt(b, "GoodEvent", int64(cbBool(r, 99)))
	b = cbStr(b, "EventTime", t.Format("2006-01-02 15:04:05"))
	b = cbStr(b, "EventDate", t.Format("2006-01-02"))
	b = cbInt(b, "CounterID", int64(g.counters[g.zCounter.Uint64()]))
	b = cbInt(b, "ClientIP", int64(ip))
	region := u.region
	if r.IntN(10) == 0 {
		region = g.regions[g.zRegion.Uint64()]
	}
	b = cbInt(b, "RegionID", int64(region))
	b = cbInt(b, "UserID", u.id)
	b = cbInt(b, "OS", int64(u.os))
	b = cbInt(b, "UserAgent", int64(u.agent))
	b = cbStr(b, "URL", url)
	b = cbStr(b, "Referer", referer)
	b = cbInt(b, "IsRefresh", int64(cbBool(r, 9)))
	b = cbInt(b, "ResolutionWidth", int64(res[0]))
	b = cbInt(b, "ResolutionHeight", int64(res[1]))
	b = cbInt(b, "MobilePhone", int64(u.phone))
	b = cbStr(b, "MobilePhoneModel", u.model)
	b = cbInt(b, "TraficSourceID", int64(trafic))
	b = cbInt(b, "SearchEngineID", int64(searchEngine))
	b = cbStr(b, "SearchPhrase", phrase)
	b = cbInt(b, "AdvEngineID", int64(adv))
	b = cbInt(b, "WindowClientWidth", int64(wcw))
	b = cbInt(b, "WindowClientHeight", int64(wch))
	b = cbInt(b, "IsLink", int64(cbBool(r, 6)))
	b = cbInt(b, "IsDownload", int64(cbBool(r, 2)))
	b = cbInt(b, "DontCountHits", int64(cbBool(r, 4)))
	b = cbInt(b, "RefererHash", refHash)
	b = cbInt(b, "URLHash", g.urlHash[ui])
	return append(b, "}\n"...)
}

// cbBool is 1 with pct percent, else 0.
func cbBool(r *rand.Rand, pct int) int {
	if r.IntN(100) < pct {
		return 1
	}
	return 0
}

func cbPick(r *rand.Rand, weights []float64) int {
	var total float64
	for _, w := range weights {
		total += w
	}
	x := r.Float64() * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}

func cbInt(b []byte, name string, v int64) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return strconv.AppendInt(b, v, 10)
}

func cbStr(b []byte, name, v string) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return appendJSONString(b, v)
}

// appendJSONString quotes s as a JSON string, UTF-8 kept as it is.
func appendJSONString(b []byte, s string) []byte {
	if !utf8.ValidString(s) {
		panic(fmt.Sprintf("invalid UTF-8 in generated text %q", s))
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, fmt.Sprintf(`\u%04x`, c)...)
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}
