// Set rows -> the JSON the cards screen reads.
import type { Category } from '@flashcard/api-contract/schemas';
import type { CategoryWithCount } from './repository';

export function presentCategory(category: CategoryWithCount): Category {
  return {
    id: category.id,
    name: category.name,
    card_count: category.card_count,
    language: category.language,
    created_at: category.created_at,
  };
}
