import { Html, type PropsWithChildren } from '@elysiajs/html'
import { CSRF_FIELD } from './csrf'
import type { Viewer } from './session'
import { ASSET_VERSION } from './asset-version'

interface LayoutProps {
  title: string
  viewer?: Viewer | null
  /** Which top-level section is current, for aria-current. */
  section?: 'chatbots' | 'account'
  notice?: string | null
  children?: PropsWithChildren['children']
}

/** The page shell: skip link, banner with navigation, one main landmark, footer. */
export function Layout(props: LayoutProps): JSX.Element {
  const { viewer, section } = props
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title safe>{`${props.title} · Chatbot dashboard`}</title>
        <link rel="stylesheet" href={`/dashboard/assets/dashboard.css?v=${ASSET_VERSION}`} />
        <script defer src={`/dashboard/assets/dashboard.js?v=${ASSET_VERSION}`}></script>
      </head>
      <body>
        <a class="skip-link" href="#main">
          Skip to main content
        </a>
        <header class="site-header">
          <div class="wrap header-inner">
            <a class="brand" href={viewer ? '/dashboard/chatbots/' : '/dashboard/login/'}>
              Chatbot dashboard
            </a>
            {viewer ? (
              <nav aria-label="Main">
                <ul class="nav-list">
                  <li>
                    <a href="/dashboard/chatbots/" aria-current={section === 'chatbots' ? 'page' : undefined}>
                      Chatbots
                    </a>
                  </li>
                  <li>
                    <a href="/dashboard/account/" aria-current={section === 'account' ? 'page' : undefined}>
                      Account
                    </a>
                  </li>
                  <li>
                    <form method="post" action="/dashboard/logout/" class="inline-form">
                      <input type="hidden" name={CSRF_FIELD} value={viewer.csrf} />
                      <button type="submit" class="link-button">
                        Sign out
                      </button>
                    </form>
                  </li>
                </ul>
              </nav>
            ) : null}
          </div>
        </header>
        <main id="main" tabindex="-1" class="wrap">
          {props.notice ? (
            <div class="notice" role="status">
              <p safe>{props.notice}</p>
            </div>
          ) : null}
          {props.children}
        </main>
        <footer class="site-footer">
          <div class="wrap">
            {viewer ? (
              <p>
                Signed in as <span safe>{viewer.email}</span>
              </p>
            ) : (
              <p>Chatbot service</p>
            )}
          </div>
        </footer>
      </body>
    </html>
  )
}
