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
#include <time.h>

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

/* data-NAME="value", escaped; nothing when the value is absent. */
static void data_attribute(struct outbuf *b, const char *name, const char *value)
{
	if (!value || !*value)
		return;
	outbuf_printf(b, " data-%s=\"", name);
	escaped(b, value);
	outbuf_puts(b, "\"");
}

void html_finding(struct outbuf *b, const struct finding_row *f, long index)
{
	const char *sev = severity_name(f->severity);
	outbuf_printf(b, "<article class=\"f %s\" id=\"f%ld\" data-c=\"%s\" data-s=\"%s\"", sev, index,
		      check_catalogue[f->code].code, sev);
	/* What the event and player filters match (the tables link to them). */
	data_attribute(b, "e", f->event);
	data_attribute(b, "r", f->round);
	data_attribute(b, "w", f->white);
	data_attribute(b, "b", f->black);
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
	/* The pairing as the text report writes it: "White - Black". */
	outbuf_puts(b, "<span class=\"pair\">");
	escaped(b, shown(f->white));
	outbuf_puts(b, " - ");
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
	if (f->illegal_since)
		outbuf_printf(b, "<p class=\"note\">Not a legal position: an illegal move stood at ply %lld.</p>",
			      f->illegal_since);
	if (f->other_game) {
		outbuf_puts(b, "<p class=\"note\">The other game: ");
		escaped(b, f->other_file ? f->other_file : "");
		outbuf_printf(b, ", game %lld, line %lld.</p>", f->other_game, f->other_line);
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
	"h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.5em}\n"
	"header p{margin:.2em 0}.made{color:#555;font-size:.9em}a{color:#1a5276}\n"
	".tw{overflow-x:auto}table{border-collapse:collapse;margin:.5em 0}"
	"td,th{padding:2px 10px;text-align:left;border-bottom:1px solid #ddd;overflow-wrap:break-word}\n"
	"td.desc{min-width:14em}td.gm{white-space:nowrap}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;overflow-wrap:normal}\n"
	"tr.more{display:none}input.all{display:none}input.all:checked~.tw tr.more{display:table-row}\n"
	"input.all:checked~label.showall{display:none}label.showall{cursor:pointer;color:#1a5276;text-decoration:underline}\n"
	".error .sev,.sev.error{color:#fff;background:#c0392b}.warning .sev,.sev.warning{background:#f1c40f}\n"
	".info .sev,.sev.info{color:#fff;background:#2980b9}.sev{padding:0 6px;border-radius:3px;font-size:.85em;white-space:nowrap}\n"
	"a.sev{text-decoration:none}\n"
	"#filters{position:sticky;top:0;background:#f7f7f7;border:1px solid #ddd;padding:8px;z-index:1}\n"
	"#filters label{margin-right:12px;white-space:nowrap;display:inline-block}\n"
	"#filters input[type=search]{max-width:100%}.only{font-size:.8em;margin-left:3px}\n"
	"#codes{max-height:8em;overflow:auto;margin:4px 0}#active:empty{display:none}\n"
	"article.f{display:flex;gap:16px;border-bottom:1px solid #ddd;padding:10px 0;"
	"content-visibility:auto;contain-intrinsic-size:auto 280px}\n"
	"article.f.error{border-left:4px solid #c0392b;padding-left:8px}\n"
	"article.f.warning{border-left:4px solid #f1c40f;padding-left:8px}\n"
	"article.f.info{border-left:4px solid #2980b9;padding-left:8px}\n"
	"article.f h3{font-size:1em;margin:0}.w{color:#666;font-weight:normal;overflow-wrap:anywhere}\n"
	".d{flex:none;width:255px}.d:empty{width:0}.d svg{display:block}.t{flex:1;min-width:0;overflow-wrap:anywhere}\n"
	".g span{margin-right:14px}.g .pair{font-weight:bold}.mv{font:bold 1.1em monospace}.rule,.note{color:#555}"
	".rule:before{content:'Rule: '}\n"
	"p{margin:.3em 0}article.f.hidden{display:none}\n"
	"figure.clk{margin:10px 0;border-bottom:1px solid #ddd;padding-bottom:8px;break-inside:avoid}"
	"figure.clk svg{display:block;max-width:100%;height:auto}\n"
	".clk polyline{fill:none;stroke-width:1.6}.clk .w{stroke:#c77c02}.clk .b{stroke:#222}"
	".clk .g{stroke:#e4e4e4}.clk .a{stroke:#888}.clk text{font:10px sans-serif;fill:#555}"
	".clk .ya{text-anchor:end}.clk .xa{text-anchor:middle}"
	".clk .m{fill:#c62828;stroke:#fff;stroke-width:1.2}.clk p.marks{margin:2px 0 0;font-size:90%}\n"
	".kw{color:#c77c02;font-weight:bold}.kb{color:#222;font-weight:bold}\n"
	"@media (max-width:600px){body{padding:0 8px}article.f{flex-direction:column;gap:6px}"
	"td,th{padding:2px 4px}#codes{max-height:6em}#filters{position:static}}\n"
	"@media print{#filters,.only,label.showall,noscript{display:none}body{max-width:none}"
	"article.f{content-visibility:visible;break-inside:avoid}a{color:inherit;text-decoration:none}"
	"h2{break-after:avoid}}\n"
	"</style>\n";

/*
 * The pieces, drawn as our own shapes rather than as characters of a font
 * (in DejaVu Sans, Debian's default, the white king and queen came out
 * nearly solid black): each a body, filled white or black with a black
 * outline, and lines of detail in the other colour.  Coordinates in a
 * square of 100; the board places them with <use>.
 */
static const struct piece_shape {
	char letter;
	const char *body, *detail;
} piece_shapes[] = {
	{ 'k', "M47 6h6v6h6v6h-6v9h-6v-9h-6v-6h6z"
	       "M26 48c0-9 11-14 24-14s24 5 24 14c0 10-5 19-7 28H33c-2-9-7-18-7-28z"
	       "M29 79h42v8H29z", "M34 66h32M50 34v32" },
	{ 'q', "M19 30L32 74H68L81 30L71 50L65 22L57 48L50 16L43 48L35 22L29 50Z"
	       "M28 77h44l2 10H26z"
	       "M19 24a5 5 0 1 0 .1 0zM35 16a5 5 0 1 0 .1 0zM50 9a5 5 0 1 0 .1 0zM65 16a5 5 0 1 0 .1 0zM81 24a5 5 0 1 0 .1 0z",
	  "M34 66h32" },
	{ 'r', "M24 87v-12h8l3-31h-7V17h11v8h7v-8h8v8h7v-8h11v27h-7l3 31h8v12z", "M35 44h30M32 75h36" },
	{ 'b', "M50 10a6 6 0 1 0 .1 0z"
	       "M50 22c-13 8-19 21-16 33 1 5 4 8 6 9h20c2-1 5-4 6-9 3-12-3-25-16-33z"
	       "M36 66h28v8H36zM22 78h56v9H22z", "M50 32v18M42 41h16" },
	{ 'n', "M28 87v-9h6c0-8 4-14 10-22l-6-2c-6 3-12 2-18-2l-3-6c6-4 9-10 14-16l6-8 4-8 5 8"
	       "c14 0 26 8 30 24 2 10 2 22 0 32h6v9z", "M36 33a2.5 2.5 0 1 0 .1 0zM24 47l5-2" },
	{ 'p', "M50 16a13 13 0 0 1 8 23.3c9 5 14 16 14 33.7h6v14H22v-14h6c0-17.7 5-28.7 14-33.7A13 13 0 0 1 50 16z",
	  NULL },
};

/* The shapes once for the page (two colours each), the squares as a
 * pattern, and the rank and file labels; every board refers to them. */
static void board_defs(struct outbuf *b)
{
	outbuf_puts(b, "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>\n"
		       "<pattern id=\"sq\" width=\"2\" height=\"2\" patternUnits=\"userSpaceOnUse\">"
		       "<rect width=\"2\" height=\"2\" fill=\"#b58863\"/><rect width=\"1\" height=\"1\" fill=\"#f0d9b5\"/>"
		       "<rect x=\"1\" y=\"1\" width=\"1\" height=\"1\" fill=\"#f0d9b5\"/></pattern>\n");
	for (size_t i = 0; i < sizeof piece_shapes / sizeof piece_shapes[0]; i++) {
		const struct piece_shape *p = &piece_shapes[i];
		for (int black = 0; black < 2; black++) {
			outbuf_printf(b, "<symbol id=\"%c%c\" viewBox=\"0 0 100 100\"><path d=\"%s\" fill=\"%s\" "
				      "stroke=\"#000\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>",
				      black ? 'b' : 'w', p->letter, p->body, black ? "#111" : "#fff");
			if (p->detail)
				outbuf_printf(b, "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\" "
					      "stroke-linecap=\"round\"/>", p->detail, black ? "#fff" : "#000");
			outbuf_puts(b, "</symbol>\n");
		}
	}
	outbuf_puts(b, "<g id=\"lb\" font-size=\".32\" fill=\"#555\" text-anchor=\"middle\" "
		       "font-family=\"sans-serif\">");
	for (int i = 0; i < 8; i++)
		outbuf_printf(b, "<text x=\"%d.5\" y=\"8.38\">%c</text><text x=\"-.25\" y=\"%d.62\">%d</text>", i,
			      'a' + i, i, 8 - i);
	outbuf_puts(b, "</g>\n</defs></svg>\n");
}

/*
 * The page's script.  The entries' diagrams are drawn from their FEN:
 * those shown, in batches after the page is open (so that every one is
 * there to print), the rest when they come near the screen, and all that
 * are shown before printing.  The filters (severities, codes, a search,
 * an event and round, a player) are kept in the address -
 * #severity=error&code=a,b&q=text&event=E&round=R&player=P - written
 * when they change and read when the address changes; #fN shows entry N.
 */
static const char script[] =
	"<script>\n"
	"(function(){\n"
	"var NS='http://www.w3.org/2000/svg';\n"
	"function el(n,a){var e=document.createElementNS(NS,n);for(var k in a)e.setAttribute(k,a[k]);return e;}\n"
	"function ranks(fen){var r=fen.split(' ')[0].split('/');if(r.length!==8)return null;var b=[];"
	"for(var i=0;i<8;i++){var row=[];for(var j=0;j<r[i].length;j++){var c=r[i][j];"
	"if(c>='1'&&c<='8'){for(var k=0;k<+c;k++)row.push('');}else if('kqrbnpKQRBNP'.indexOf(c)>=0)row.push(c);"
	"else return null;}if(row.length!==8)return null;b.push(row);}return b;}\n"
	"function draw(a){if(a._drawn)return;a._drawn=1;var fen=a.getAttribute('data-fen');if(!fen)return;"
	"var d=a.querySelector('.d');var b=ranks(fen);if(!b){d.textContent='(no diagram: the FEN cannot be read)';return;}\n"
	"var hl=(a.getAttribute('data-hl')||'').split(' ');var side=fen.split(' ')[1]==='b'?'Black':'White';"
	"var s=el('svg',{viewBox:'-0.5 0 8.5 8.5',width:255,height:255,role:'img','class':'board'});"
	"var t=el('title',{});t.textContent=side+' to move: '+fen;s.appendChild(t);"
	"s.appendChild(el('rect',{width:8,height:8,fill:'url(#sq)'}));\n"
	"for(var y=0;y<8;y++)for(var x=0;x<8;x++){var sq=String.fromCharCode(97+x)+(8-y);"
	"if(hl.indexOf(sq)>=0)s.appendChild(el('rect',{x:x,y:y,width:1,height:1,fill:(x+y)%2===0?'#f6f669':'#baca2b',"
	"'data-sq':sq,'class':'sq hl'}));"
	"var p=b[y][x];if(p){var w=p!==p.toLowerCase();s.appendChild(el('use',{href:'#'+(w?'w':'b')+p.toLowerCase(),"
	"x:x,y:y,width:1,height:1,'class':'pc','data-pc':p,'data-sq':sq}));}}\n"
	"s.appendChild(el('use',{href:'#lb'}));d.appendChild(s);"
	"var c=document.createElement('div');c.className='tm';c.textContent=side+' to move';d.appendChild(c);}\n"
	"var all=[].slice.call(document.querySelectorAll('article.f'));\n"
	"var io='IntersectionObserver' in window?new IntersectionObserver(function(es){es.forEach(function(e){"
	"if(e.isIntersecting){draw(e.target);io.unobserve(e.target);}});},{rootMargin:'600px'}):null;\n"
	"all.forEach(function(a){if(a.hasAttribute('data-fen')){if(io)io.observe(a);else draw(a);}});\n"
	"var pending=[],EAGER=3000,batch=20;function pump(){var n=0;while(pending.length&&n<batch){var a=pending.shift();"
	"if(!a._drawn){draw(a);n++;}}if(pending.length)setTimeout(pump,0);batch=40;}\n"
	"function drawShown(){all.forEach(function(a){if(!a.classList.contains('hidden'))draw(a);});}\n"
	"window.addEventListener('beforeprint',drawShown);"
	"if(window.matchMedia)window.matchMedia('print').addListener(function(m){if(m.matches)drawShown();});\n"
	"var boxes=[].slice.call(document.querySelectorAll('#filters input[type=checkbox]'));"
	"var q=document.getElementById('q'),count=document.getElementById('count'),active=document.getElementById('active');"
	"var extra={};\n"
	"function readHash(){var h={},show=null;location.hash.slice(1).split('&').forEach(function(kv){var i=kv.indexOf('=');"
	"if(i>0)h[kv.slice(0,i)]=kv.slice(i+1);else if(/^f[0-9]+$/.test(kv))show=kv;});\n"
	"boxes.forEach(function(x){var k=x.value.slice(0,1)==='s'?'severity':'code';"
	"x.checked=h[k]===undefined||h[k].split(',').map(decodeURIComponent).indexOf(x.value.slice(2))>=0;});\n"
	"function one(k){return h[k]===undefined?'':decodeURIComponent(h[k]);}"
	"q.value=one('q');extra={event:one('event'),round:one('round'),player:one('player')};return show;}\n"
	"function writeHash(){var parts=[];['s','c'].forEach(function(p){var on=[],n=0;boxes.forEach(function(x){"
	"if(x.value.slice(0,1)!==p)return;n++;if(x.checked)on.push(encodeURIComponent(x.value.slice(2)));});"
	"if(on.length<n)parts.push((p==='s'?'severity':'code')+'='+on.join(','));});\n"
	"if(q.value)parts.push('q='+encodeURIComponent(q.value));['event','round','player'].forEach(function(k){"
	"if(extra[k])parts.push(k+'='+encodeURIComponent(extra[k]));});"
	"var url=location.pathname+location.search+(parts.length?'#'+parts.join('&'):'');"
	"try{history.replaceState(null,'',url);}catch(e){}}\n"
	"function apply(write){var on={};boxes.forEach(function(x){on[x.value]=x.checked;});"
	"var t=q.value.toLowerCase(),n=0;pending=[];all.forEach(function(a){"
	"var ok=on['s:'+a.getAttribute('data-s')]&&on['c:'+a.getAttribute('data-c')];"
	"if(ok&&extra.event)ok=(a.getAttribute('data-e')||'')===extra.event&&(!extra.round||(a.getAttribute('data-r')||'')===extra.round);"
	"if(ok&&extra.player)ok=a.getAttribute('data-w')===extra.player||a.getAttribute('data-b')===extra.player;"
	"if(ok&&t){if(a._t===undefined)a._t=a.textContent.toLowerCase();ok=a._t.indexOf(t)>=0;}"
	"a.classList.toggle('hidden',!ok);if(ok){n++;if(!a._drawn&&pending.length<EAGER)pending.push(a);}});\n"
	"count.textContent=n+' of '+all.length+' findings shown';"
	"var said=[];if(extra.event)said.push('event '+extra.event+(extra.round?', round '+extra.round:''));"
	"if(extra.player)said.push('player '+extra.player);active.textContent=said.length?'Only '+said.join(' and ')+'.':'';"
	"if(write)writeHash();pump();}\n"
	"function follow(){var show=readHash();if(show){boxes.forEach(function(x){x.checked=true;});q.value='';extra={};"
	"apply(false);var a=document.getElementById(show);if(a){draw(a);a.scrollIntoView();}}else apply(false);}\n"
	"boxes.forEach(function(x){x.addEventListener('change',function(){apply(true);});});"
	"q.addEventListener('input',function(){apply(true);});window.addEventListener('hashchange',follow);\n"
	"var f=document.getElementById('filters');follow();f.setAttribute('data-ready','1');\n"
	"f.setAttribute('data-ms',Math.round(performance.now()));\n"
	"})();\n"
	"</script>\n";

static void number_cells(struct outbuf *b, const long *by_severity)
{
	for (int v = 0; v < SEVERITY_COUNT; v++)
		outbuf_printf(b, "<td class=\"n\">%ld</td>", by_severity[v]);
}

static const char severity_headings[] = "<th class=\"n\">errors</th><th class=\"n\">warnings</th><th class=\"n\">info</th>";

/* An address of the page that filters by `key`: key=value, encoded. */
static void filter_link(struct outbuf *b, const char *key, const char *value)
{
	outbuf_printf(b, "#%s=", key);
	for (const unsigned char *p = (const unsigned char *)(value ? value : ""); *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("-_.~", *p))
			outbuf_put(b, (const char *)p, 1);
		else
			outbuf_printf(b, "%%%02X", *p);
	}
}

/* Rows past the first ROWS_SHOWN are there, hidden until "show all" is
 * clicked (no script needed); past ROWS_MAX they are left out. */
enum { ROWS_SHOWN = 20, ROWS_MAX = 5000 };

static void table_open(struct outbuf *b, const char *id, size_t rows)
{
	if (rows > ROWS_SHOWN)
		outbuf_printf(b, "<input type=\"checkbox\" class=\"all\" id=\"all-%s\">", id);
	outbuf_puts(b, "<div class=\"tw\"><table>");
}

static void table_close(struct outbuf *b, const char *id, size_t rows)
{
	outbuf_puts(b, "</table></div>\n");
	if (rows > ROWS_MAX)
		outbuf_printf(b, "<p>The first %d rows of %zu (the text and CSV reports list them all).</p>\n", ROWS_MAX,
			      rows);
	if (rows > ROWS_SHOWN)
		outbuf_printf(b, "<label class=\"showall\" for=\"all-%s\">Show all %zu rows</label>\n", id,
			      rows > ROWS_MAX ? (size_t)ROWS_MAX : rows);
}

static void row_open(struct outbuf *b, size_t i)
{
	outbuf_puts(b, i >= ROWS_SHOWN ? "<tr class=\"more\">" : "<tr>");
}

static void code_table(struct outbuf *b, const struct summary *s)
{
	outbuf_printf(b, "<h2>Findings by code</h2>\n<div class=\"tw\"><table><tr><th>code</th>%s"
		      "<th class=\"n\">total</th><th>what it means</th></tr>\n", severity_headings);
	for (int c = 0; c < CHECK_COUNT; c++) {
		long total = s->by_code[c][0] + s->by_code[c][1] + s->by_code[c][2];
		if (!total)
			continue;
		outbuf_printf(b, "<tr><td><a href=\"#code=%s\"><code>%s</code></a></td>", check_catalogue[c].code,
			      check_catalogue[c].code);
		number_cells(b, s->by_code[c]);
		outbuf_printf(b, "<td class=\"n\">%ld</td><td class=\"desc\">", total);
		escaped(b, check_catalogue[c].summary);
		outbuf_puts(b, "</td></tr>\n");
	}
	outbuf_puts(b, "</table></div>\n");
}

/* Games read and clean (when check's counts were read). */
static void games_cells(struct outbuf *b, const struct summary *s, const struct tally *t)
{
	if (s->counted)
		outbuf_printf(b, "<td class=\"n\">%ld</td><td class=\"n\">%ld</td>", t->read.games,
			      game_counts_clean(&t->read));
	else
		outbuf_printf(b, "<td class=\"n\">%ld</td><td class=\"n\">?</td>", t->games);
}

static void event_table(struct outbuf *b, const struct summary *s)
{
	const struct tally_table *t = &s->events;
	outbuf_printf(b, "<h2 id=\"events\">Per event and round (%zu)</h2>\n", t->count);
	table_open(b, "events", t->count);
	outbuf_printf(b, "<tr><th>event</th><th>round</th><th class=\"n\">games%s</th><th class=\"n\">clean</th>%s</tr>\n",
		      s->counted ? "" : " with findings", severity_headings);
	struct tally **rows = tally_sorted(t);
	for (size_t i = 0; i < t->count && i < ROWS_MAX; i++) {
		const char *event = tally_part(rows[i], 0), *round = tally_part(rows[i], 1);
		row_open(b, i);
		outbuf_puts(b, "<td>");
		int linked = tally_findings(rows[i]) && *event;
		if (linked) {
			outbuf_puts(b, "<a href=\"");
			filter_link(b, "event", event);
			if (*round) {
				outbuf_puts(b, "&amp;");
				filter_link(b, "round", round);
			}
			outbuf_puts(b, "\">");
		}
		escaped(b, *event ? event : "(no Event tag)");
		outbuf_puts(b, linked ? "</a></td><td>" : "</td><td>");
		escaped(b, round);
		outbuf_puts(b, "</td>");
		games_cells(b, s, rows[i]);
		number_cells(b, rows[i]->by_severity);
		outbuf_puts(b, "</tr>\n");
	}
	table_close(b, "events", t->count);
	free(rows);
}

static void player_table(struct outbuf *b, const struct summary *s)
{
	const struct tally_table *t = &s->players;
	outbuf_printf(b, "<h2 id=\"players\">Per player: findings in the games they played (%zu)</h2>\n", t->count);
	table_open(b, "players", t->count);
	outbuf_printf(b, "<tr><th>player</th><th class=\"n\">games with findings</th>%s</tr>\n", severity_headings);
	struct tally **rows = tally_sorted(t);
	for (size_t i = 0; i < t->count && i < ROWS_MAX; i++) {
		const char *player = tally_part(rows[i], 0);
		row_open(b, i);
		outbuf_puts(b, "<td><a href=\"");
		filter_link(b, "player", player);
		outbuf_puts(b, "\">");
		escaped(b, shown(player));
		outbuf_printf(b, "</a></td><td class=\"n\">%ld</td>", rows[i]->games);
		number_cells(b, rows[i]->by_severity);
		outbuf_puts(b, "</tr>\n");
	}
	table_close(b, "players", t->count);
	free(rows);
}

static void worst_table(struct outbuf *b, const struct summary *s)
{
	outbuf_puts(b, "<h2 id=\"worst\">Worst games (most errors, then warnings)</h2>\n");
	if (s->worst_count == 0) {
		outbuf_puts(b, "<p>None: no game has an error or a warning.</p>\n");
		return;
	}
	size_t rows = (size_t)s->worst_count;
	table_open(b, "worst", rows);
	outbuf_printf(b, "<tr><th>game</th><th>white - black</th><th>event</th>%s</tr>\n", severity_headings);
	for (int i = 0; i < s->worst_count; i++) {
		const struct game_tally *g = &s->worst[i];
		row_open(b, (size_t)i);
		/* The file only when there are several: the header names one. */
		outbuf_printf(b, "<td class=\"gm\"><a href=\"#f%ld\">", g->first_finding);
		if (s->files.count > 1) {
			escaped(b, g->file);
			outbuf_puts(b, ", ");
		}
		outbuf_printf(b, "game %lld</a></td><td>", g->game);
		escaped(b, shown(g->white));
		outbuf_puts(b, " - ");
		escaped(b, shown(g->black));
		outbuf_puts(b, "</td><td>");
		escaped(b, shown(g->event));
		outbuf_puts(b, "</td>");
		number_cells(b, g->by_severity);
		outbuf_puts(b, "</tr>\n");
	}
	table_close(b, "worst", rows);
	if (s->problem_games > s->worst_count)
		outbuf_printf(b, "<p>... and %ld more games with errors or warnings (the text report with --top 0 lists "
			      "them all).</p>\n", s->problem_games - s->worst_count);
}

static void filters(struct outbuf *b, const struct summary *s)
{
	outbuf_puts(b, "<h2 id=\"findings\">Findings</h2>\n<noscript><p>The filters and the diagrams need JavaScript."
		       "</p></noscript>\n<div id=\"filters\"><div>");
	for (int v = 0; v < SEVERITY_COUNT; v++) {
		const char *name = severity_name((enum severity)v);
		outbuf_printf(b, "<label><input type=\"checkbox\" value=\"s:%s\" checked> <span class=\"sev %s\">%s"
			      "</span> (%ld)</label><a class=\"only\" href=\"#severity=%s\">only</a> ", name, name, name,
			      s->by_severity[v], name);
	}
	outbuf_puts(b, "<label>Search <input id=\"q\" type=\"search\" placeholder=\"White - Black, event, move, text\">"
		       "</label> <b id=\"count\"></b> <a href=\"#\" class=\"only\">show all</a> <span id=\"active\"></span>"
		       "</div>\n<div id=\"codes\">");
	for (int c = 0; c < CHECK_COUNT; c++) {
		long total = s->by_code[c][0] + s->by_code[c][1] + s->by_code[c][2];
		if (total)
			outbuf_printf(b, "<label><input type=\"checkbox\" value=\"c:%s\" checked> <code>%s</code> (%ld)"
				      "</label><a class=\"only\" href=\"#code=%s\">only</a> ", check_catalogue[c].code,
				      check_catalogue[c].code, total, check_catalogue[c].code);
	}
	outbuf_puts(b, "</div></div>\n<main id=\"list\">\n");
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Most games read first, then most findings, then by name. */
static int compare_for_header(const void *pa, const void *pb)
{
	const struct tally *a = *(struct tally *const *)pa, *b = *(struct tally *const *)pb;
	if (a->read.games != b->read.games)
		return a->read.games > b->read.games ? -1 : 1;
	long fa = tally_findings(a), fb = tally_findings(b);
	if (fa != fb)
		return fa > fb ? -1 : 1;
	return strcmp(a->key, b->key);
}

/* "Tata Steel Masters, Tata Steel Challengers and 3 more": the events
 * with the most games (then findings) first; games without an Event tag
 * are named only when no game has one. */
static void event_names(struct outbuf *b, const struct summary *s)
{
	const struct tally_table *t = &s->events;
	const char **names = calloc(t->count + 1, sizeof *names);
	if (!names || !t->count) {
		free(names);
		return;
	}
	for (size_t i = 0; i < t->count; i++)
		names[i] = tally_part(&t->items[i], 0);
	qsort(names, t->count, sizeof *names, compare_names);
	size_t distinct = 0;
	for (size_t i = 0; i < t->count; i++)
		distinct += i == 0 || strcmp(names[i], names[i - 1]) != 0;
	struct tally **rows = tally_sorted(t);
	qsort(rows, t->count, sizeof(struct tally *), compare_for_header); // NOLINT(bugprone-sizeof-expression)
	int named = distinct > 1 || *names[0];
	distinct -= named && !*names[0];   /* sorted: "" comes first */
	const char *listed[3];
	size_t n = 0;
	outbuf_puts(b, distinct == 1 ? "<b>Event</b> " : "<b>Events</b> ");
	for (size_t i = 0; i < t->count && n < 3; i++) {
		const char *name = tally_part(rows[i], 0);
		if (named && !*name)
			continue;
		size_t k = 0;
		while (k < n && strcmp(listed[k], name) != 0)
			k++;
		if (k < n)
			continue;
		listed[n++] = name;
		outbuf_puts(b, n == 1 ? "" : "; ");
		escaped(b, *name ? name : "(no Event tag)");
	}
	if (distinct > n)
		outbuf_printf(b, " and %zu more", distinct - n);
	free(rows);
	free(names);
}

static void file_names(struct outbuf *b, const struct summary *s)
{
	const struct tally_table *t = &s->files;
	outbuf_puts(b, t->count == 1 ? "<b>File</b> " : "<b>Files</b> ");
	for (size_t i = 0; i < t->count && i < 3; i++) {
		outbuf_puts(b, i ? ", " : "");
		escaped(b, tally_part(&t->items[i], 0));
	}
	if (t->count > 3)
		outbuf_printf(b, " and %zu more", t->count - 3);
}

/* What the page is: its events, dates and files, the games and findings
 * counted, and what made it when. */
static void page_header(struct outbuf *b, const struct summary *s, const struct page_info *info)
{
	outbuf_puts(b, "<header>\n<h1>pgnaudit report</h1>\n<p class=\"what\">");
	if (s->events.count) {
		event_names(b, s);
		outbuf_puts(b, " &middot; ");
	}
	if (s->dates.first[0]) {
		outbuf_puts(b, "<b>Dates</b> ");
		escaped(b, s->dates.first);
		if (strcmp(s->dates.first, s->dates.last) != 0) {
			outbuf_puts(b, " to ");
			escaped(b, s->dates.last);
		}
		outbuf_puts(b, " &middot; ");
	}
	file_names(b, s);
	outbuf_puts(b, "</p>\n<p id=\"games\">");
	if (s->counted) {
		struct outbuf line = { 0 };
		summary_games_line(&line, s);
		outbuf_put(&line, "", 1);
		escaped(b, line.data);
		free(line.data);
	} else {
		outbuf_puts(b, "Games read: not known (the findings came without the game counts that check -f jsonl "
			       "writes after them).");
	}
	/* "1 finding in 1 game: 1 error", as the text report says it. */
	outbuf_printf(b, "</p>\n<p id=\"totals\">%ld %s in %ld %s: "
		      "<a class=\"sev error\" href=\"#severity=error\">%ld %s</a> "
		      "<a class=\"sev warning\" href=\"#severity=warning\">%ld %s</a> "
		      "<a class=\"sev info\" href=\"#severity=info\">%ld info</a></p>\n",
		      s->findings, s->findings == 1 ? "finding" : "findings", s->games, s->games == 1 ? "game" : "games",
		      s->by_severity[0], s->by_severity[0] == 1 ? "error" : "errors", s->by_severity[1],
		      s->by_severity[1] == 1 ? "warning" : "warnings", s->by_severity[2]);
	char when[64] = "";
	struct tm tm;
	if (gmtime_r(&info->made, &tm))
		strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm);
	outbuf_puts(b, "<p class=\"made\">Made by pgnaudit ");
	escaped(b, info->version);
	outbuf_printf(b, " on %s.</p>\n</header>\n", when);
}

static void put(FILE *out, struct outbuf *b)
{
	(void)fwrite(b->data, 1, b->len, out);
	b->len = 0;
}

int html_page(FILE *out, const struct summary *s, FILE *findings, long count, FILE *clocks, long clock_games,
	      long clock_plots, const struct page_info *info)
{
	struct outbuf b = { 0 };
	outbuf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	if (s->events.count == 1 && *tally_part(&s->events.items[0], 0)) {
		escaped(&b, tally_part(&s->events.items[0], 0));
		outbuf_puts(&b, ": ");
	}
	outbuf_puts(&b, "pgnaudit report</title>\n");
	outbuf_puts(&b, style);
	outbuf_puts(&b, "</head>\n<body>\n");
	board_defs(&b);
	page_header(&b, s, info);
	if (s->counted && !s->findings)
		outbuf_puts(&b, s->read.games ? "<p id=\"clean\"><b>No findings: every game is clean.</b></p>\n"
					      : "<p id=\"clean\"><b>No findings.</b></p>\n");
	if (s->findings) {
		code_table(&b, s);
		worst_table(&b, s);
	}
	if (s->findings || s->events.count > 1)
		event_table(&b, s);
	if (s->findings)
		player_table(&b, s);
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
	if (clock_games) {
		outbuf_printf(&b, "<h2 id=\"clocks\">Clocks (%ld %s)</h2>\n<p>Each side's clock after each of its moves "
				  "(<span class=\"kw\">White</span>, <span class=\"kb\">Black</span>); used: the "
				  "TimeControl's time up to the last clock, less that clock.",
			      clock_games, clock_games == 1 ? "game" : "games");
		if (clock_plots < clock_games)
			outbuf_printf(&b, " The first %ld games are shown.", clock_plots);
		outbuf_puts(&b, "</p>\n");
		put(out, &b);
		rewind(clocks);
		while ((n = fread(chunk, 1, sizeof chunk, clocks)) > 0)
			(void)fwrite(chunk, 1, n, out);
		if (ferror(clocks))
			status = -1;
	}
	outbuf_puts(&b, "</main>\n");
	outbuf_puts(&b, script);
	outbuf_puts(&b, "</body>\n</html>\n");
	put(out, &b);
	free(b.data);
	return status;
}
