import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addFavorite, removeFavorite, type TFavoriteChange } from '@lotus/contracts/catalogue';
import { api } from '@/lib/api-client';
import { FAVORITE_IDS_KEY, FAVORITE_ROOT_KEY } from './get-favorite-ids';

/**
 * The favourite toggle (7.PAR.06/07, 4.FAV.01): removes the game when it is a
 * favourite, adds it otherwise. The answer is the new id list: it replaces the local list (4.FAV.03)
 * and the favourites list refetches.
 */
export function toggleFavorite({ favorite, ...change }: TFavoriteChange & { favorite: boolean }) {
  return api.call(favorite ? removeFavorite : addFavorite, { body: change });
}

export function useToggleFavoriteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSuccess: async (answer) => {
      queryClient.setQueryData(FAVORITE_IDS_KEY, answer);
      await queryClient.invalidateQueries({ queryKey: [...FAVORITE_ROOT_KEY, 'list'] });
    },
  });
}
