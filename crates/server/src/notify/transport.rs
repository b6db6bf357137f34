//! How mail leaves the site: the `Mailer` the drainer sends through, implemented by SMTP (lettre, over
//! tokio with rustls) and by a directory of `.eml` files for development.

use std::future::Future;
use std::path::{Path, PathBuf};

use anyhow::Context;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::queries::MailId;
use crate::config::{Config, MailTransport};

/// Sends one mail. An error means it was not sent (the drainer retries it later).
pub trait Mailer: Sync {
    fn send(&self, mail_id: MailId, message: &Message) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// The configured way out (`MAIL_TRANSPORT`).
#[derive(Clone)]
pub enum Transport {
    Files(MailDirectory),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

impl Transport {
    /// Builds the transport the configuration asks for; an SMTP transport connects lazily, on the first mail.
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        match config.mail_transport {
            MailTransport::File => Ok(Transport::Files(MailDirectory::new(config.mail_dir.clone()))),
            MailTransport::Smtp => {
                let url = config.smtp_url.as_deref().context("MAIL_TRANSPORT=smtp needs SMTP_URL")?;
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("SMTP_URL is not a valid smtp:// or smtps:// URL")?
                    .build();
                Ok(Transport::Smtp(transport))
            }
        }
    }
}

impl Mailer for Transport {
    async fn send(&self, mail_id: MailId, message: &Message) -> anyhow::Result<()> {
        match self {
            Transport::Files(directory) => directory.send(mail_id, message).await,
            Transport::Smtp(smtp) => {
                smtp.send(message.clone()).await.context("the SMTP server refused the mail")?;
                Ok(())
            }
        }
    }
}

/// Writes each mail as `<mail id>.eml` (the raw message, as an SMTP server would receive it) in a
/// directory, for development and the quick start.
#[derive(Debug, Clone)]
pub struct MailDirectory {
    dir: PathBuf,
}

impl MailDirectory {
    pub fn new(dir: PathBuf) -> Self {
        MailDirectory { dir }
    }

    /// Where the mail with this id is (or will be) written.
    pub fn path_of(&self, mail_id: MailId) -> PathBuf {
        self.dir.join(format!("{:08}.eml", mail_id.0))
    }
}

impl Mailer for MailDirectory {
    async fn send(&self, mail_id: MailId, message: &Message) -> anyhow::Result<()> {
        tokio::fs::create_dir_all(&self.dir).await.with_context(|| format!("creating {}", self.dir.display()))?;
        let path = self.path_of(mail_id);
        // Written under another name and renamed, so a reader never sees half a mail.
        let partial = path.with_extension("eml.partial");
        tokio::fs::write(&partial, message.formatted())
            .await
            .with_context(|| format!("writing {}", partial.display()))?;
        rename(&partial, &path).await
    }
}

async fn rename(from: &Path, to: &Path) -> anyhow::Result<()> {
    tokio::fs::rename(from, to).await.with_context(|| format!("renaming {} to {}", from.display(), to.display()))
}
