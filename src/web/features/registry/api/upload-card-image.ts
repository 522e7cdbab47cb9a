import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '#web/lib/upload.ts';
import { cardKeys, cardPaths } from './keys.ts';

export type ImageSide = 'front' | 'back';

/** POST /api/cards/{id}/images (multipart: side, file), reporting progress from 0 to 1. */
export function uploadCardImage({ id, side, file, onProgress }: { id: string; side: ImageSide; file: File; onProgress?: (f: number) => void }) {
  const form = new FormData();
  form.append('side', side);
  form.append('file', file);
  return uploadWithProgress<unknown>(cardPaths.images(id), form, onProgress);
}

export function useUploadCardImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadCardImage,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: cardKeys.all }), qc.invalidateQueries({ queryKey: cardKeys.registry })]),
  });
}
