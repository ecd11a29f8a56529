import { IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, Int, ObjectType, Directive } from 'type-graphql';
import { PAGE_BOUNDS } from './page-bounds';

/** `take` / `skip` as every list of the API accepts them. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: 'Maximum number of items to return, 1 to 250 (default 100).' })
  @IsOptional()
  @Min(PAGE_BOUNDS.take.min, { message: `take must be at least ${PAGE_BOUNDS.take.min}` })
  @Max(PAGE_BOUNDS.take.max, { message: `take must not be greater than ${PAGE_BOUNDS.take.max}` })
  take?: number;

  @Field(() => Int, { nullable: true, description: 'Number of items to skip, 0 or more (default 0).' })
  @IsOptional()
  @Min(PAGE_BOUNDS.skip.min, { message: `skip must be ${PAGE_BOUNDS.skip.min} or more` })
  skip?: number;
}

export const DEFAULT_TAKE = 100;

@ObjectType({ description: 'Position of a page in a list: the `pagination` object of REST list responses.' })
@Directive('@shareable')
export class Pagination {
  @Field(() => Int) totalItems: number;
  @Field(() => Int) currentPage: number;
  @Field(() => Int) totalPages: number;
  @Field() hasNextPage: boolean;
  @Field({ description: 'A page exists before this one (skip > 0).' }) hasPreviousPage: boolean;
  @Field(() => Int, { description: 'Items in this page.' }) returnedItems: number;
  @Field(() => Int, { description: 'Items after this page: totalItems - (skip + returnedItems), at least 0.' }) remainingItems: number;
  @Field(() => Int, { description: 'The page size asked for (take).' }) itemsPerPage: number;
}

export function paginationOf(totalItems: number, page: PageArgs): Pagination {
  const take = page.take ?? DEFAULT_TAKE;
  const skip = page.skip ?? 0;
  const returnedItems = Math.max(0, Math.min(take, totalItems - skip));
  return {
    totalItems,
    currentPage: Math.floor(skip / take) + 1,
    totalPages: Math.max(1, Math.ceil(totalItems / take)),
    hasNextPage: skip + take < totalItems,
    hasPreviousPage: skip > 0,
    returnedItems,
    remainingItems: Math.max(0, totalItems - skip - returnedItems),
    itemsPerPage: take,
  };
}

export function pageWindow(page: PageArgs): { take: number; skip: number } {
  return { take: page.take ?? DEFAULT_TAKE, skip: page.skip ?? 0 };
}

/** A page of items and its position; `class EventTypePage extends PageOf(EventType) {}`. */
export function PageOf<T>(itemType: new (...args: never[]) => T) {
  @ObjectType()
  abstract class Page {
    @Field(() => [itemType]) items: T[];
    @Field(() => Pagination) pagination: Pagination;
  }
  return Page;
}
