// `@runofshow/server/nginx`: the nginx configuration in front of the hosts (template, renderer) and a way to run it
// as a child process, for tests, the drill and `npm run load`.
export {
  NGINX,
  nginxMissing,
  type RunningNginx,
  selfSignedCertificate,
  startNginx,
  waitForPort,
} from './nginx-process.js';
export { DEBIAN_BROTLI_MODULE, NGINX_EXPECTS, type RenderResult, renderNginx } from './nginx-render.js';
export { FAIL_TIMEOUT_S, nginxTemplate, ownHeaders, PLACEHOLDERS } from './nginx-template.js';
