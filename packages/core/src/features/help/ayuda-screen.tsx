import { useLoaderData } from 'react-router';
import type { MarinaHelp } from '../../config/app-config.ts';
import { useMarina } from '../../lib/marina.ts';
import { useConfig } from '../../lib/services.tsx';
import { formatPhone } from '../../domain/format-phone.ts';
import { ruleAnswers } from './rule-answers.ts';
import { ButtonLink } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { Icon } from '../../components/icons.tsx';
import { Section } from '../../components/section.tsx';
import * as ui from '../../components/ui.css.ts';
import * as css from './help.css.ts';
import { helpTexts as t } from './texts.ts';

/** Public: someone who cannot sign in needs the marina's phone most, so it comes first. */
export default function AyudaScreen() {
  const { clientTitulo } = useConfig();
  // The route's loader: `RuntimeConfig.help`.
  const { contact, faq: folderFaq } = useLoaderData<MarinaHelp>();
  // The rules' answers need the marina's settings (public, and kept on the phone): until they come, or
  // if they cannot, the page shows the marina's own questions rather than an answer that may be old.
  const marina = useMarina();
  const ruled = marina.data ? ruleAnswers(marina.data.settings) : [];
  const faq = [...ruled, ...folderFaq.filter((entry) => !ruled.some((rule) => rule.question === entry.question))];
  const tel = `tel:${contact.phone.replace(/\s+/g, '')}`;
  return (
    <Page title={t.title}>
      <div className={ui.stack}>
        <Section id="ayuda-contacto" title={t.contactTitle}>
          <p className={css.marina}>{clientTitulo}</p>
          <div className={ui.stack}>
            <ButtonLink to={tel} reloadDocument fullWidth>
              {t.call(formatPhone(contact.phone))}
            </ButtonLink>
            <ButtonLink to={`mailto:${contact.email}`} reloadDocument variant="secondary" fullWidth>
              {t.write(contact.email)}
            </ButtonLink>
          </div>
          <h3 className={css.subTitle}>{t.address}</h3>
          <address className={css.address}>{contact.address}</address>
        </Section>
        <Section id="ayuda-horario" title={t.hoursTitle}>
          <ul className={css.list}>
            {contact.openingHours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Section>
        <Section id="ayuda-faq" title={t.faqTitle}>
          {faq.map((entry) => (
            <details key={entry.question} className={css.faq}>
              <summary className={css.question}>
                <span className={css.questionText}>{entry.question}</span>
                <Icon name="chevron" className={css.chevron} />
              </summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </Section>
      </div>
    </Page>
  );
}
