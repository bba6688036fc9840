import { Box } from '@chakra-ui/react';
import { isolateLatinRunsInHtml } from '../../lib/bidi.ts';

/**
 * Product HTML, sanitized on the server before it is sent (src/server/modules/store/sanitize.ts);
 * this gives it readable spacing in either direction and keeps codes such as "25-OH" whole in Arabic.
 */
export function StoreHtml({ html }: { html: string }) {
  return (
    <Box
      lineHeight="tall"
      css={{
        '& p': { marginBlockEnd: '3' },
        '& ul, & ol': { paddingInlineStart: '5', marginBlockEnd: '3' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& li': { marginBlockEnd: '1' },
        '& strong, & b': { fontWeight: 'semibold' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& h2, & h3, & h4': { fontWeight: 'semibold', marginBlockEnd: '2' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes product HTML (sanitize-html) before it leaves the API
      dangerouslySetInnerHTML={{ __html: isolateLatinRunsInHtml(html) }}
    />
  );
}
