/*
 * html.c - the audit as one self-contained HTML page for an arbiter.
 *
 * The page needs nothing but itself: styles and script are inline, there
 * are no fonts, images or addresses to fetch.  It opens with the summary,
 * then filters (by severity, by code, by text), then one entry per finding:
 * the game's tags, the move, the message, the rule and a diagram of the
 * position with the move's squares marked.
 *
 * To stay quick with tens of thousands of findings, the diagrams are not in
 * the file: each entry carries its FEN and the squares to mark, and a small
 * script draws the SVG of an entry when it comes near the screen.  An entry
 * is thus a few hundred bytes, and the browser lays out only what is seen
 * (content-visibility).
 */
#include "summary.h"

#include <stdlib.h>
#include <string.h>

/* Text for an HTML element or a quoted attribute. */
static void escaped(struct outbuf *b, const char *s)
{
	while (s && *s) {
		size_t run = strcspn(s, "&<>\"'");
		outbuf_put(b, s, run);
		s += run;
		switch (*s) {
		case '&': outbuf_puts(b, "&amp;"); break;
		case '<': outbuf_puts(b, "&lt;"); break;
		case '>': outbuf_puts(b, "&gt;"); break;
		case '"': outbuf_puts(b, "&quot;"); break;
		case '\'': outbuf_puts(b, "&#39;"); break;
		default: return;
		}
		s++;
	}
}

static const char *shown(const char *s)
{
	return s && *s ? s : "?";
}

/* "e2 e4": the squares of a highlight set. */
static void squares(struct outbuf *b, uint64_t set)
{
	const char *separator = "";
	for (int sq = 0; sq < 64; sq++) {
		if (set >> sq & 1) {
			outbuf_printf(b, "%s%c%c", separator, 'a' + (sq & 7), '1' + (sq >> 3));
			separator = " ";
		}
	}
}

static void tag(struct outbuf *b, const char *label, const char *value)
{
	if (!value || !*value)
		return;
	outbuf_printf(b, "<span><b>%s</b> ", label);
	escaped(b, value);
	outbuf_puts(b, "</span>");
}

void html_finding(struct outbuf *b, const struct finding_row *f, long index)
{
	const char *sev = severity_name(f->severity);
	outbuf_printf(b, "<article class=\"f %s\" id=\"f%ld\" data-c=\"%s\" data-s=\"%s\"", sev, index,
		      check_catalogue[f->code].code, sev);
	if (f->fen) {
		outbuf_puts(b, " data-fen=\"");
		escaped(b, f->fen);
		outbuf_puts(b, "\" data-hl=\"");
		squares(b, f->highlight);
		outbuf_puts(b, "\"");
	}
	outbuf_printf(b, "><div class=\"d\"></div><div class=\"t\"><h3><span class=\"sev\">%s</span> "
		      "<code>%s</code> <span class=\"w\">", sev, check_catalogue[f->code].code);
	escaped(b, f->file);
	if (f->line)
		outbuf_printf(b, ":%lld:%lld", f->line, f->column);
	outbuf_printf(b, ", game %lld</span></h3><p class=\"g\">", f->game);
	outbuf_puts(b, "<span><b>White</b> ");
	escaped(b, shown(f->white));
	outbuf_puts(b, "</span><span><b>Black</b> ");
	escaped(b, shown(f->black));
	outbuf_puts(b, "</span>");
	tag(b, "Event", f->event);
	tag(b, "Round", f->round);
	tag(b, "Date", f->date);
	outbuf_puts(b, "</p>");
	if (f->san) {
		int black = f->side && strcmp(f->side, "black") == 0;
		outbuf_printf(b, "<p class=\"mv\">%lld%s ", f->move_number, black ? "..." : ".");
		escaped(b, f->san);
		outbuf_puts(b, "</p>");
	}
	outbuf_puts(b, "<p class=\"msg\">");
	escaped(b, f->message);
	outbuf_puts(b, "</p>");
	if (f->rule) {
		outbuf_puts(b, "<p class=\"rule\">");
		escaped(b, f->rule);
		outbuf_puts(b, "</p>");
	}
	if (f->suggestion) {
		outbuf_puts(b, "<p class=\"sug\">Suggestion: ");
		escaped(b, f->suggestion);
		outbuf_puts(b, "</p>");
	}
	outbuf_puts(b, "</div></article>\n");
}

static const char style[] =
	"<style>\n"
	"body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:0 16px;color:#222}\n"
	"h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.5em}summary h2{display:inline;cursor:pointer}\n"
	"table{border-collapse:collapse;margin:.5em 0}td,th{padding:2px 10px;text-align:left;border-bottom:1px solid #ddd}\n"
	"td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
	".error .sev,.sev.error{color:#fff;background:#c0392b}.warning .sev,.sev.warning{background:#f1c40f}\n"
	".info .sev,.sev.info{color:#fff;background:#2980b9}.sev{padding:0 6px;border-radius:3px;font-size:.85em}\n"
	"#filters{position:sticky;top:0;background:#f7f7f7;border:1px solid #ddd;padding:8px;z-index:1}\n"
	"#filters label{margin-right:12px;white-space:nowrap;display:inline-block}\n"
	"#codes{max-height:8em;overflow:auto;margin:4px 0}\n"
	"article.f{display:flex;gap:16px;border-bottom:1px solid #ddd;padding:10px 0;"
	"content-visibility:auto;contain-intrinsic-size:auto 260px}\n"
	"article.f.error{border-left:4px solid #c0392b;padding-left:8px}\n"
	"article.f.warning{border-left:4px solid #f1c40f;padding-left:8px}\n"
	"article.f.info{border-left:4px solid #2980b9;padding-left:8px}\n"
	"article.f h3{font-size:1em;margin:0}.w{color:#666;font-weight:normal}\n"
	".d{flex:none;width:240px}.d:empty{width:0}.d svg{display:block}.t{flex:1;min-width:0}\n"
	".g span{margin-right:14px}.mv{font:bold 1.1em monospace}.rule{color:#555}.rule:before{content:'Rule: '}\n"
	"p{margin:.3em 0}article.f.hidden{display:none}\n"
	"</style>\n";

/* Draws a diagram when its entry comes near the screen; filters entries. */
static const char script[] =
	"<script>\n"
	"(function(){\n"
	"var G={k:'\\u265A',q:'\\u265B',r:'\\u265C',b:'\\u265D',n:'\\u265E',p:'\\u265F\\uFE0E'};\n"
	"var NS='http://www.w3.org/2000/svg';\n"
	"function el(n,a,t){var e=document.createElementNS(NS,n);for(var k in a)e.setAttribute(k,a[k]);"
	"if(t)e.textContent=t;return e;}\n"
	"function ranks(fen){var r=fen.split(' ')[0].split('/');if(r.length!==8)return null;var b=[];"
	"for(var i=0;i<8;i++){var row=[];for(var j=0;j<r[i].length;j++){var c=r[i][j];"
	"if(c>='1'&&c<='8'){for(var k=0;k<+c;k++)row.push('');}else if('kqrbnpKQRBNP'.indexOf(c)>=0)row.push(c);"
	"else return null;}if(row.length!==8)return null;b.push(row);}return b;}\n"
	"function draw(a){var d=a.querySelector('.d');if(d.firstChild)return;var fen=a.getAttribute('data-fen');"
	"var b=ranks(fen);if(!b){d.textContent='(no diagram: the FEN cannot be read)';return;}\n"
	"var hl=(a.getAttribute('data-hl')||'').split(' ');"
	"var s=el('svg',{viewBox:'0 0 8 8.6',width:240,height:258,role:'img','class':'board'});\n"
	"for(var y=0;y<8;y++)for(var x=0;x<8;x++){var sq=String.fromCharCode(97+x)+(8-y);"
	"var light=(x+y)%2===0;var h=hl.indexOf(sq)>=0;"
	"s.appendChild(el('rect',{x:x,y:y,width:1,height:1,fill:h?(light?'#f6f669':'#baca2b'):(light?'#f0d9b5':'#b58863'),"
	"'data-sq':sq,'class':h?'sq hl':'sq'}));"
	"var p=b[y][x];if(p){var w=p===p.toUpperCase();"
	"s.appendChild(el('text',{x:x+.5,y:y+.56,'font-size':.82,'text-anchor':'middle','dominant-baseline':'middle',"
	"fill:w?'#fff':'#000',stroke:'#000','stroke-width':w?.035:0,"
	"'font-family':'DejaVu Sans,Segoe UI Symbol,Noto Sans Symbols2,sans-serif','class':'pc'},G[p.toLowerCase()]));}}\n"
	"for(var i=0;i<8;i++){s.appendChild(el('text',{x:i+.5,y:8.45,'font-size':.35,'text-anchor':'middle',fill:'#555'},"
	"String.fromCharCode(97+i)));}\n"
	"var side=fen.split(' ')[1]==='b'?'Black':'White';"
	"s.appendChild(el('title',{},side+' to move: '+fen));d.appendChild(s);"
	"var c=document.createElement('div');c.className='tm';c.textContent=side+' to move';d.appendChild(c);}\n"
	"var all=[].slice.call(document.querySelectorAll('article.f'));\n"
	"var io='IntersectionObserver' in window?new IntersectionObserver(function(es){es.forEach(function(e){"
	"if(e.isIntersecting){draw(e.target);io.unobserve(e.target);}});},{rootMargin:'600px'}):null;\n"
	"all.forEach(function(a,i){if(!a.hasAttribute('data-fen'))return;if(i<20||!io)draw(a);else io.observe(a);});\n"
	"var boxes=[].slice.call(document.querySelectorAll('#filters input[type=checkbox]'));"
	"var q=document.getElementById('q'),count=document.getElementById('count');\n"
	"function apply(){var on={};boxes.forEach(function(x){on[x.value]=x.checked;});"
	"var t=q.value.toLowerCase(),n=0;all.forEach(function(a){"
	"var ok=on['s:'+a.getAttribute('data-s')]&&on['c:'+a.getAttribute('data-c')];"
	"if(ok&&t){if(a._t===undefined)a._t=a.textContent.toLowerCase();ok=a._t.indexOf(t)>=0;}"
	"a.classList.toggle('hidden',!ok);if(ok)n++;});count.textContent=n+' of '+all.length+' findings shown';}\n"
	"boxes.forEach(function(x){x.addEventListener('change',apply);});q.addEventListener('input',apply);"
	"var h={};location.hash.slice(1).split('&').forEach(function(kv){var i=kv.indexOf('=');"
	"if(i>0)h[kv.slice(0,i)]=decodeURIComponent(kv.slice(i+1)).split(',');});\n"
	"boxes.forEach(function(x){var k=x.value.slice(0,1)==='s'?'severity':'code';"
	"if(h[k])x.checked=h[k].indexOf(x.value.slice(2))>=0;});if(h.q)q.value=h.q.join(',');\n"
	"var f=document.getElementById('filters');f.setAttribute('data-ready','1');apply();\n"
	"f.setAttribute('data-ms',Math.round(performance.now()));\n"
	"})();\n"
	"</script>\n";

static void number_cells(struct outbuf *b, const long *by_severity)
{
	for (int v = 0; v < SEVERITY_COUNT; v++)
		outbuf_printf(b, "<td class=\"n\">%ld</td>", by_severity[v]);
}

static const char severity_headings[] = "<th class=\"n\">errors</th><th class=\"n\">warnings</th><th class=\"n\">info</th>";

static void code_table(struct outbuf *b, const struct summary *s)
{
	outbuf_printf(b, "<h2>Findings by code</h2>\n<table><tr><th>code</th>%s<th class=\"n\">total</th>"
		      "<th>what it means</th></tr>\n", severity_headings);
	for (int c = 0; c < CHECK_COUNT; c++) {
		long total = s->by_code[c][0] + s->by_code[c][1] + s->by_code[c][2];
		if (!total)
			continue;
		outbuf_printf(b, "<tr><td><code>%s</code></td>", check_catalogue[c].code);
		number_cells(b, s->by_code[c]);
		outbuf_printf(b, "<td class=\"n\">%ld</td><td>", total);
		escaped(b, check_catalogue[c].summary);
		outbuf_puts(b, "</td></tr>\n");
	}
	outbuf_puts(b, "</table>\n");
}

static void tally_table(struct outbuf *b, const struct tally_table *t, const char *title, const char *heading,
			int parts)
{
	enum { ROWS = 20 };
	outbuf_printf(b, "<details><summary><h2>%s (%zu)</h2></summary>\n<table><tr>%s<th class=\"n\">games</th>"
		      "%s</tr>\n", title, t->count, heading, severity_headings);
	struct tally **rows = tally_sorted(t);
	for (size_t i = 0; i < t->count && i < ROWS; i++) {
		outbuf_puts(b, "<tr>");
		for (int p = 0; p < parts; p++) {
			outbuf_puts(b, "<td>");
			escaped(b, shown(tally_part(rows[i], p)));
			outbuf_puts(b, "</td>");
		}
		outbuf_printf(b, "<td class=\"n\">%ld</td>", rows[i]->games);
		number_cells(b, rows[i]->by_severity);
		outbuf_puts(b, "</tr>\n");
	}
	outbuf_puts(b, "</table>\n");
	if (t->count > ROWS)
		outbuf_printf(b, "<p>... and %zu more, not shown (the text and CSV reports list them all).</p>\n",
			      t->count - ROWS);
	outbuf_puts(b, "</details>\n");
	free(rows);
}

static void worst_table(struct outbuf *b, const struct summary *s)
{
	outbuf_printf(b, "<h2>Worst games</h2>\n<table><tr><th>file</th><th class=\"n\">game</th><th>white</th>"
		      "<th>black</th><th>event</th>%s</tr>\n", severity_headings);
	for (int i = 0; i < s->worst_count; i++) {
		const struct game_tally *g = &s->worst[i];
		outbuf_puts(b, "<tr><td>");
		escaped(b, g->file);
		outbuf_printf(b, "</td><td class=\"n\">%lld</td><td>", g->game);
		escaped(b, shown(g->white));
		outbuf_puts(b, "</td><td>");
		escaped(b, shown(g->black));
		outbuf_puts(b, "</td><td>");
		escaped(b, shown(g->event));
		outbuf_puts(b, "</td>");
		number_cells(b, g->by_severity);
		outbuf_puts(b, "</tr>\n");
	}
	outbuf_puts(b, "</table>\n");
}

static void filters(struct outbuf *b, const struct summary *s)
{
	outbuf_puts(b, "<h2>Findings</h2>\n<noscript><p>The filters and the diagrams need JavaScript.</p></noscript>\n"
		       "<div id=\"filters\"><div>");
	for (int v = 0; v < SEVERITY_COUNT; v++) {
		const char *name = severity_name((enum severity)v);
		outbuf_printf(b, "<label><input type=\"checkbox\" value=\"s:%s\" checked> <span class=\"sev %s\">%s"
			      "</span> (%ld)</label>", name, name, name, s->by_severity[v]);
	}
	outbuf_puts(b, "<label>Search <input id=\"q\" type=\"search\" placeholder=\"player, event, move, text\">"
		       "</label> <b id=\"count\"></b></div>\n<div id=\"codes\">");
	for (int c = 0; c < CHECK_COUNT; c++) {
		long total = s->by_code[c][0] + s->by_code[c][1] + s->by_code[c][2];
		if (total)
			outbuf_printf(b, "<label><input type=\"checkbox\" value=\"c:%s\" checked> <code>%s</code> (%ld)"
				      "</label>", check_catalogue[c].code, check_catalogue[c].code, total);
	}
	outbuf_puts(b, "</div></div>\n<main id=\"findings\">\n");
}

static void put(FILE *out, struct outbuf *b)
{
	(void)fwrite(b->data, 1, b->len, out);
	b->len = 0;
}

int html_page(FILE *out, const struct summary *s, FILE *findings, long count)
{
	struct outbuf b = { 0 };
	outbuf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			"<title>pgnaudit report</title>\n");
	outbuf_puts(&b, style);
	/* "1 finding in 1 game of 1 file: 1 error", as the text report says it. */
	outbuf_printf(&b, "</head>\n<body>\n<h1>pgnaudit report</h1>\n<p id=\"totals\">%ld %s in %ld %s of %zu %s: "
		      "<span class=\"sev error\">%ld %s</span> <span class=\"sev warning\">%ld %s</span> "
		      "<span class=\"sev info\">%ld info</span></p>\n",
		      s->findings, s->findings == 1 ? "finding" : "findings", s->games, s->games == 1 ? "game" : "games",
		      s->files.count, s->files.count == 1 ? "file" : "files", s->by_severity[0],
		      s->by_severity[0] == 1 ? "error" : "errors", s->by_severity[1],
		      s->by_severity[1] == 1 ? "warning" : "warnings", s->by_severity[2]);
	if (s->findings) {
		code_table(&b, s);
		worst_table(&b, s);
		tally_table(&b, &s->events, "Per event and round", "<th>event</th><th>round</th>", 2);
		tally_table(&b, &s->players, "Per player (findings in the games they played)", "<th>player</th>", 1);
	}
	filters(&b, s);
	put(out, &b);
	char chunk[1 << 16];
	size_t n;
	rewind(findings);
	while ((n = fread(chunk, 1, sizeof chunk, findings)) > 0)
		(void)fwrite(chunk, 1, n, out);
	int status = ferror(findings) ? -1 : 0;
	if (!count)
		outbuf_puts(&b, "<p>No findings.</p>\n");
	outbuf_puts(&b, "</main>\n");
	outbuf_puts(&b, script);
	outbuf_puts(&b, "</body>\n</html>\n");
	put(out, &b);
	free(b.data);
	return status;
}
