import account from './account.json';
import apiDocs from './apidocs.json';
import content from './content.json';
import core from './core.json';
import domain from './domain.json';
import feedback from './feedback.json';
import home from './home.json';
import layout from './layout.json';
import mail from './mail.json';
import market from './market.json';
import resource from './resource.json';
import reviews from './reviews.json';
import store from './store.json';

/** One JSON file per area; an area adds its file here (and in the other two locales). */
export default {
  ...core,
  ...content,
  ...layout,
  ...account,
  ...home,
  ...domain,
  ...resource,
  ...market,
  ...store,
  ...feedback,
  ...reviews,
  ...mail,
  ...apiDocs,
};
