import { PRODUCTS } from '../../../domain/catalogue/product.js';
import { TOKENS } from '../../tokens.js';
import { recordUseCases } from '../record-use-cases.js';
import { catalogueRecordBodies } from './catalogue-records.js';

/** A store's subscription products: EPCC's catalogue records that offerings copy. */
const PRODUCTS_USE_CASES = recordUseCases(catalogueRecordBodies(PRODUCTS), TOKENS.ProductRepository);

export const CreateSubscriptionProduct = PRODUCTS_USE_CASES.Create;
export type CreateSubscriptionProduct = InstanceType<typeof CreateSubscriptionProduct>;
export const GetSubscriptionProduct = PRODUCTS_USE_CASES.Get;
export type GetSubscriptionProduct = InstanceType<typeof GetSubscriptionProduct>;
export const ListSubscriptionProducts = PRODUCTS_USE_CASES.List;
export type ListSubscriptionProducts = InstanceType<typeof ListSubscriptionProducts>;
export const UpdateSubscriptionProduct = PRODUCTS_USE_CASES.Update;
export type UpdateSubscriptionProduct = InstanceType<typeof UpdateSubscriptionProduct>;
export const DeleteSubscriptionProduct = PRODUCTS_USE_CASES.Delete;
export type DeleteSubscriptionProduct = InstanceType<typeof DeleteSubscriptionProduct>;
