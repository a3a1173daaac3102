import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Rich text for notices and help articles (TipTap, docs/adr/0053): bold, italic, underline,
 * headings, lists, links. It writes HTML; the server sanitises it before storing (ADR 0054).
 */
export function RichTextEditor({ id, value, onChange, labelledBy }: { id: string; value: string; onChange: (html: string) => void; labelledBy: string }) {
  const { t } = useTranslation('content');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] } })],
    content: value,
    editorProps: {
      attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelledBy, class: 'rte-content', 'data-testid': 'rich-text' },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  // A new item loaded into the form replaces the editor's text.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return <div className="rte rte-loading" aria-busy="true" />;
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const url = window.prompt(t('editor.linkPrompt'), previous);
    if (url === null) return;
    if (url === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: url, target: '_blank' }).run();
  };
  const button = (key: string, active: boolean, run: () => void) => (
    <button type="button" aria-pressed={active} className={active ? 'active' : undefined} onClick={run}>
      {t(`editor.${key}`)}
    </button>
  );
  return (
    <div className="rte">
      <div className="rte-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        {button('bold', state?.bold ?? false, () => chain().toggleBold().run())}
        {button('italic', state?.italic ?? false, () => chain().toggleItalic().run())}
        {button('underline', state?.underline ?? false, () => chain().toggleUnderline().run())}
        {button('heading', state?.h3 ?? false, () => chain().toggleHeading({ level: 3 }).run())}
        {button('bullets', state?.bullet ?? false, () => chain().toggleBulletList().run())}
        {button('numbers', state?.ordered ?? false, () => chain().toggleOrderedList().run())}
        {button('link', state?.link ?? false, setLink)}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
