// The API's own texts live with the worker (worker/contract/texts/server.ts): the app shows them too.
export { serverText } from '../../worker/contract/texts/server';
