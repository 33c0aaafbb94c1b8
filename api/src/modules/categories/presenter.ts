// Set rows -> the JSON the cards screen reads.
import type { CategoryWithCount } from './repository';

export function presentCategory(category: CategoryWithCount) {
  return {
    id: category.id,
    name: category.name,
    card_count: category.card_count,
    created_at: category.created_at,
  };
}
