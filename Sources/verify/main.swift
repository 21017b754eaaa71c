import Models
import VerifyKit

// The whole tool is `Verify.main`; this file only names the models it checks.
Verify.main(models: Models.all)
