import { OPS_COLLECTION_ROW, type TOpsCollectionInput, type TOpsCollectionRow } from '@lotus/contracts/ops';
import { ZOpsDeleted } from '@lotus/contracts/ops';
import { ZBannerImage, ZContentOrdered, type TContentCollection } from '@lotus/contracts/ops-content';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { opsCall } from '@/lib/api';

/** The console's content calls: list/add/remove on /ops/<collection>, edit/order/upload on /ops/content/* (docs/adr/0054). */
export type TContentRow<C extends TContentCollection> = TOpsCollectionRow<C>;
export type TContentInput<C extends TContentCollection> = TOpsCollectionInput<C>;

export const contentKey = (collection: TContentCollection) => ['content', collection] as const;

export const useContentList = <C extends TContentCollection>(collection: C) =>
  useQuery({
    queryKey: contentKey(collection),
    queryFn: () => opsCall(z.array(OPS_COLLECTION_ROW[collection]).max(5000), 'GET', `/ops/${collection}`) as Promise<TContentRow<C>[]>,
  });

/** POST /ops/<collection> (new) or PUT /ops/content/<collection>/:id (edit). */
export const saveContent = <C extends TContentCollection>(collection: C, input: TContentInput<C>, id?: number) =>
  (id === undefined
    ? opsCall(OPS_COLLECTION_ROW[collection], 'POST', `/ops/${collection}`, input)
    : opsCall(OPS_COLLECTION_ROW[collection], 'PUT', `/ops/content/${collection}/${id}`, input)) as Promise<TContentRow<C>>;

/** DELETE /ops/<collection>/:id */
export const removeContent = (collection: TContentCollection, id: number) =>
  opsCall(ZOpsDeleted, 'DELETE', `/ops/${collection}/${id}`);

/** POST /ops/content/<collection>/order: the ids in display order. */
export const saveOrder = (collection: TContentCollection, ids: number[]) =>
  opsCall(ZContentOrdered, 'POST', `/ops/content/${collection}/order`, { ids });

/** POST /ops/content/images: the file's bytes as a data: URL (the server checks the content). */
export const uploadImage = (dataUrl: string) => opsCall(ZBannerImage, 'POST', '/ops/content/images', { image: dataUrl });

/** Reads a file as a data: URL. */
export const readFileAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('upload_type_invalid'));
    reader.readAsDataURL(file);
  });

/**
 * Where the console shows an image: uploads through the operator API (the console may run on its
 * own listener, without the member site's /media), other URLs as they are.
 */
export const consoleImageUrl = (url: string) =>
  url.startsWith('/media/uploads/') ? `/ops/content/images/${url.slice('/media/uploads/'.length)}` : url;

/** datetime-local (Bangkok time, the site's) <-> ISO. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + 7 * 3600_000);
  return d.toISOString().slice(0, 16);
};
export const fromLocalInput = (value: string) => (value ? new Date(`${value}:00+07:00`).toISOString() : null);
