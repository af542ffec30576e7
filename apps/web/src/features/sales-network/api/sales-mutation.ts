import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A change to the sales network: on success every sales view (tree, lists, pages) is read again. */
export function useSalesMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['sales'] }), queryClient.invalidateQueries({ queryKey: ['users'] })]),
  });
}
