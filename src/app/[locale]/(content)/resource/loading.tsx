export { default } from '../../(site)/loading';
