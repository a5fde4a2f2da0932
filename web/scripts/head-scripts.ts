// The few lines every page of the app runs first in <head>, before anything of its body is parsed, and the one file
// they fetch when the entry never ran. Written by scripts/prerender.ts into every page the build writes; the host allows
// each inline one by its hash (server/src/app-mount.ts), never by 'unsafe-inline'. Every byte here is in each route's
// first load (`npm run budget` counts them), so they are written small, and in syntax that parses in browsers older
// than the entry's (ES2022) target: no `?.`, no `??`.

/**
 * Both in one script, in this order (issue 34):
 *
 * §9: errors from before the entry script runs (its file or one it imports failing to load, a syntax error in an
 * older browser, an error in the lines below) are kept from the first line of <head>, in `rumEarly`. The entry takes
 * them over when it runs (src/lib/monitoring/start.ts: it empties the array and has its `push` report from then on)
 * and its monitor reports them. When it never ran, the page's load event finds them still there and fetches `sender`
 * (only then, and only when the host names a collector), which reports them itself.
 *
 * A language chosen before the switch also wrote its cookie lives in localStorage only, which the host cannot read,
 * so a page would arrive in another language (its <title> too) and switch once the script ran. This writes the cookie
 * from the stored choice and asks again, and the host then sends the page in that language (one more request for the
 * page, once: the cookie stays a year). Nothing happens when a `?lang=` decides, when a cookie already does, or when
 * cookies are refused (the app then switches after load, as before).
 */
export const headScript = (sender: string, locales: readonly string[]) =>
  `<script>(()=>{const q=self.rumEarly=[],a=addEventListener,k=e=>q.push(e),d=document;a('error',k,!0);a('unhandledrejection',k);a('load',()=>{const m=d.querySelector('meta[name=rum-endpoint]');m&&m.content&&q.length&&d.head.append(Object.assign(d.createElement('script'),{src:${JSON.stringify(sender)}}))});try{const k='runofshow.locale',l=localStorage.getItem(k),c=k+'=';if(${JSON.stringify(locales)}.includes(l)&&l!==d.documentElement.lang&&!/[?&]lang=/.test(location.search)&&!d.cookie.includes(c)){d.cookie=c+l+';path=/app.login;max-age=31536000;samesite=lax';d.cookie.includes(c)&&(stop(),location.reload())}}catch{}})()</script>`;

/**
 * The reporter of errors the entry never saw (a classic script, fetched by the lines above only when needed): one
 * batch as the monitor's (docs/DEPLOY.md, "Monitoring"), as a keepalive request, with what scrub.ts removes removed
 * here too: e-mail addresses, link tokens, query values. Nothing was typed yet: the page never ran.
 */
export const EARLY_ERRORS_SENDER = `(()=>{
const q=self.rumEarly,m=document.querySelector('meta[name=rum-endpoint]'),u=m&&m.content;
if(!u)return;
const c=(s)=>String(s||'').slice(0,500)
  .replace(/[\\w.+%-]+(?:@|%40)[\\w-]+(?:\\.[\\w-]+)+/gi,'[email]')
  .replace(/(\\/(?:reset|verify|signup\\/invited)\\/)[^/?#\\s"'<>]+/gi,'$1:token')
  .replace(/eyJ[\\w-]+\\.[\\w-]+(?:\\.[\\w-]*)?/g,'[token]')
  .replace(/([?&][^=&#\\s"'<>]+=)[^&#\\s"'<>]*/g,'$1');
const id=()=>Math.random().toString(36).slice(2);
let session=id();
try{session=JSON.parse(sessionStorage.getItem('runofshow.rum')).id||session}catch(e){}
const reports=q.slice(0,20).map((e)=>{
  const thrown=e.error||e.reason||{},t=e.target||{},file=t.src||t.href;
  return{at:Math.round(e.timeStamp),route:c(location.pathname),type:'error',kind:'reason'in e?'rejection':'error',
    name:c(thrown.name||(file?'LoadError':'Error')),message:c(thrown.message||e.message||'Failed to load '+(t.tagName||'').toLowerCase()),
    source:c(e.filename?e.filename+':'+e.lineno+':'+e.colno:file)};
});
fetch(u,{method:'POST',mode:'no-cors',credentials:'omit',referrerPolicy:'no-referrer',keepalive:true,
  body:JSON.stringify({v:1,app:'app.login',session,page:id(),replay:false,locale:document.documentElement.lang,reports})})
  .catch(()=>undefined);
})();
`;
