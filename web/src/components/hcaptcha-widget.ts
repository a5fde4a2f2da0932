// The hCaptcha library's own chunk, named for what it holds (the e2e tests and the budget table refer to it).
export { default } from '@hcaptcha/react-hcaptcha';
