#!/bin/bash
# One-shot: prepares docker-mailserver's configuration volume before the server starts.
# Copies the committed configuration (docker/mail-config/*.cf) and writes the umpire's account,
# keeping any other accounts already in postfix-accounts.cf. Safe to run on every start.
set -euo pipefail
: "${UMPIRE_MAILBOX:?UMPIRE_MAILBOX (the umpire's address) is required}"
: "${UMPIRE_MAIL_PASSWORD:?UMPIRE_MAIL_PASSWORD (the umpire's IMAP password) is required}"
config=${DMS_CONFIG_DIR:-/tmp/docker-mailserver}
source_dir=${UMPIRE_MAIL_CONFIG_DIR:-/umpire/mail-config}
mkdir -p "$config"
cp -f "$source_dir"/*.cf "$config"/
accounts="$config/postfix-accounts.cf"
touch "$accounts"
hash=$(doveadm pw -s SHA512-CRYPT -u "$UMPIRE_MAILBOX" -p "$UMPIRE_MAIL_PASSWORD")
others=$(grep -v -i -F "${UMPIRE_MAILBOX}|" "$accounts" || true)
{
  [ -n "$others" ] && printf '%s\n' "$others"
  printf '%s|%s\n' "$UMPIRE_MAILBOX" "$hash"
} > "$accounts.new"
mv "$accounts.new" "$accounts"
echo "mail-init: account $UMPIRE_MAILBOX ready; $(wc -l < "$accounts") account(s) in $accounts"
