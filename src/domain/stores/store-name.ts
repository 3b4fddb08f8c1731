import { boundedString } from '../shared/text.js';

const STORE_NAME_MAX = 255;

export const parseStoreName = boundedString(1, STORE_NAME_MAX);
